import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { admin, basic, eventually, ExtraApp, startExtraApp, TEST_LOG_DIR } from '@berth/testing';
import { hostingHooks, microservice, subscribeManagement } from './hosting-fixture';

/** The gateway's steps, in their order (docs/architecture.md, "The gateway's pipeline"). */
const STEPS = ['correlate', 'usage', 'preflight', 'authenticate', 'cors', 'body limit', 'rate limit', 'route'];
const ORIGIN = 'https://app.example.com';
/** The tracing gateway's port (docs/testing.md), its metrics on the next. */
const PORT = Number(process.env.BERTH_TEST_PORT_BASE || 18100) + 146;
const LOG = 'gateway-pipeline-trace';

hostingHooks();

/**
 * One request of each kind through a gateway that logs every pipeline step it runs (log level
 * trace): each runs every step, in the documented order, whatever it is for.
 */
describe('gateway pipeline: every kind of request runs every step in order', () => {
  let gateway: ExtraApp;
  let name: string;

  beforeAll(async () => {
    // The gateway first (it reports UP once it follows the events), so it sees the microservice's route come up.
    gateway = await startExtraApp('gateway', LOG, PORT, { LOG_LEVEL: 'trace' });
    const hosted = await microservice({ isolation: 'MULTI_TENANT', resources: { cpu: '0.5', memory: '128M' } });
    name = hosted.name;
    await subscribeManagement(hosted.id);
    const ready = await eventually(() => fetch(`${gateway.url}/service/${name}/hello`, { headers: { authorization: basic(...admin()) } }), (r) => r.status === 200, 90_000);
    expect(ready.status).toBe(200);
  }, 240_000);

  afterAll(async () => {
    await gateway?.stop();
  });

  /** The steps the tracing gateway logged for the request with correlation id `id`, once its log line (written last) is out. */
  async function stepsOf(id: string): Promise<string[]> {
    const lines = await eventually(
      async () => readFileSync(join(TEST_LOG_DIR, `${LOG}.log`), 'utf8').split('\n').filter((line) => line.includes(`"correlationId":"${id}"`)),
      (found) => found.some((line) => line.includes('"msg":"request"')), 10_000,
    );
    return lines.filter((line) => line.includes('"msg":"pipeline step"')).map((line) => JSON.parse(line).step as string);
  }

  const headers = (id: string) => ({ authorization: basic(...admin()), origin: ORIGIN, 'x-request-id': id });

  it.each([
    ['own resource', '/platform', 200],
    ['internal app', '/user/currentUser', 200],
    ['microservice over HTTP', '/service/{name}/hello', 200],
    ['unknown path', '/nothing/here', 404],
  ])('%s: %s answers %d after all steps', async (kind, path, status) => {
    const id = `pipeline-${kind.replace(/\W+/g, '-')}-${Date.now()}`;
    const res = await fetch(`${gateway.url}${path.replace('{name}', name)}`, { headers: headers(id) });
    await res.arrayBuffer();
    expect(res.status).toBe(status);
    expect(res.headers.get('x-request-id')).toBe(id);
    expect(await stepsOf(id)).toEqual(STEPS);
  });

  it('microservice WebSocket: the upgrade runs all steps, then the sockets are spliced', async () => {
    const id = `pipeline-websocket-${Date.now()}`;
    const ws = new WebSocket(`${gateway.url.replace(/^http/, 'ws')}/service/${name}/ws`, { headers: headers(id) });
    await once(ws, 'open');
    ws.send('hi');
    const [message] = await once(ws, 'message');
    ws.close();
    expect(String(message)).toBe('echo: hi');
    expect(await stepsOf(id)).toEqual(STEPS);
  });
});
