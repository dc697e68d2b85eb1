import { Microservice } from '@berth/microservice-sdk';

/**
 * The example microservice: `GET /hello?who=x` answers `hello x!` (default `world`);
 * `GET /subscriptions` lists the subscription events it has seen, oldest first.
 */
export function helloMicroservice(ms = new Microservice()): Microservice {
  const seen: Array<{ event: string; tenant: string; at: string }> = [];
  ms.onSubscriptionAdded((e) => { seen.push({ event: e.type, tenant: e.tenant, at: new Date().toISOString() }); });
  ms.onSubscriptionRemoved((e) => { seen.push({ event: e.type, tenant: e.tenant, at: new Date().toISOString() }); });
  ms.get('/hello', (ctx) => `hello ${ctx.query.get('who') ?? 'world'}!`);
  ms.get('/subscriptions', () => ({ events: seen, subscribed: [...ms.subscriptions.current().keys()] }));
  return ms;
}

if (require.main === module) {
  const ms = helloMicroservice();
  ms.start().catch((err) => {
    process.stderr.write(`hello-microservice failed to start: ${(err as Error).message}\n`);
    process.exit(1);
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => { void ms.stop().then(() => process.exit(0)); });
}
