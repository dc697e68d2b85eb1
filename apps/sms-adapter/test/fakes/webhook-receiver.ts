import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { WebhookInvalidError, WebhookRequest, WebhookUnauthorizedError } from '../../src/providers/http/webhook-request';

/**
 * A real HTTP endpoint standing where the adapter's webhook route will be: it hands each call's
 * headers, raw body and path to `handle`, and answers 204, or 401 / 422 for the webhook errors.
 */
export async function startWebhookReceiver(handle: (req: WebhookRequest, path: string) => Promise<void> | void): Promise<{ url: string; calls: number; stop(): Promise<void> }> {
  const state = { calls: 0 };
  const server: Server = createServer(async (req, res) => {
    state.calls++;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    try {
      await handle({ headers: req.headers, rawBody: Buffer.concat(chunks) }, req.url ?? '/');
      res.writeHead(204).end();
    } catch (err) {
      const status = err instanceof WebhookUnauthorizedError ? 401 : err instanceof WebhookInvalidError ? 422 : 500;
      res.writeHead(status, { 'content-type': 'text/plain' }).end((err as Error).message);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    get calls() {
      return state.calls;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
