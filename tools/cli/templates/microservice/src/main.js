// @ts-check
// The microservice: GET /hello?who=x answers "hello x!" (and logs who asked), GET /me tells the
// caller who they are.
// Every route but /health needs the platform's credentials; the SDK checks them.
const { HttpError, Microservice } = require('@berth/microservice-sdk');

/** @param {string} who */
function greeting(who) {
  if (who.length > 100) throw new HttpError(422, 'who: at most 100 characters', 'hello/Invalid Data');
  return `hello ${who || 'world'}!`;
}

/**
 * Adds the service's routes to `ms`.
 * @param {Microservice} ms
 */
function routes(ms) {
  ms.get('/hello', (ctx) => {
    const who = ctx.query.get('who') ?? '';
    const text = greeting(who);
    console.log(`${ctx.caller.tenant}/${ctx.caller.user} asked to greet ${who || 'the world'}`); // stdout is the service's log
    return text;
  });
  ms.get('/me', (ctx) => ({ tenant: ctx.caller.tenant, user: ctx.caller.user, roles: ctx.caller.roles }));
  return ms;
}

module.exports = { greeting, routes };

if (require.main === module) {
  const ms = routes(new Microservice());
  ms.start().catch((err) => {
    console.error(`failed to start: ${err.message}`);
    process.exit(1);
  });
  for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => { void ms.stop().then(() => process.exit(0)); });
}
