import type { IncomingMessage } from 'node:http';
import type { MicroserviceConfig } from './config';
import { eventually } from '@berth/testing';
import { Microservice } from './microservice';
import { SubscriptionWatcher } from './subscriptions';
import { basic, platformDouble, type PlatformDouble } from '../test/platform-double';

const ADMIN = basic('t1/alice', 'right');
const READER = basic('t1/bob', 'right');

let subscribed: Array<{ tenant: string; name: string; password: string }> = [];
/** What the platform answers to the subscriptions fetch instead of the list, when set. */
let subscriptionsRefused: number | undefined;
/** Whether the platform takes the bootstrap user's credentials. */
let bootstrapKnown = true;
let platform: PlatformDouble;
const users: Record<string, { self: string; userName: string; effectiveRoles: Array<{ id: string }> }> = {
  [ADMIN]: { self: 'http://p/user/t1/users/alice', userName: 'alice', effectiveRoles: [{ id: 'ROLE_HELLO_ADMIN' }, { id: 'ROLE_INVENTORY_READ' }] },
  [READER]: { self: 'http://p/user/t1/users/bob', userName: 'bob', effectiveRoles: [{ id: 'ROLE_INVENTORY_READ' }] },
};

function answer(req: IncomingMessage) {
  const auth = req.headers.authorization ?? '';
  if (req.url === '/user/currentUser') return users[auth] ? { status: 200, body: users[auth] } : { status: 401, body: { error: 'security/Unauthorized' } };
  const boot = bootstrapKnown && auth === basic('management/servicebootstrap_hello', 'boot');
  if (req.url?.startsWith('/application/currentApplication/subscriptions')) {
    if (subscriptionsRefused) return { status: subscriptionsRefused, body: { error: 'general/Service Unavailable' } };
    return boot ? { status: 200, body: { users: subscribed } } : { status: 401 };
  }
  if (req.url === '/application/currentApplication') return boot ? { status: 200, body: { id: '7' } } : { status: 403 };
  if (req.url === '/application/applicationsByName/hello') return { status: 401, body: { error: 'security/Unauthorized', message: 'Bad credentials' } };
  if (req.url === '/inventory/managedObjects') return { status: 200, body: { as: auth } };
  return { status: 404 };
}

const config = (over: Partial<MicroserviceConfig> = {}): MicroserviceConfig => ({
  baseUrl: platform.url, bootstrap: { tenant: 'management', user: 'servicebootstrap_hello', password: 'boot' }, isolation: 'MULTI_TENANT',
  register: true, applicationName: 'hello', port: 0, initialDelayMs: 0, delayMs: 50, ...over,
});

beforeEach(async () => {
  subscribed = [];
  subscriptionsRefused = undefined;
  bootstrapKnown = true;
  platform = await platformDouble(answer);
});
afterEach(() => platform.close());

async function started(over?: Partial<MicroserviceConfig>, prepare: (ms: Microservice) => void = () => undefined) {
  const ms = new Microservice({ config: config(over), log: () => undefined, authCacheMs: 60000 });
  prepare(ms);
  ms.get('/hello', (ctx) => `hello ${ctx.query.get('who') ?? 'world'}!`);
  ms.get('/admin', () => ({ ok: true }), { roles: ['ROLE_HELLO_ADMIN'] });
  ms.get('/as-user', async (ctx) => (await ctx.user.get('/inventory/managedObjects')).body);
  ms.get('/as-tenant', async (ctx) => (await ctx.tenant().get('/inventory/managedObjects')).body);
  const port = await ms.start(0, '127.0.0.1');
  const call = async (path: string, authorization?: string, method = 'GET') => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, { method, headers: authorization ? { authorization } : {} });
    const text = await res.text();
    return { status: res.status, text, www: res.headers.get('www-authenticate'), retryAfter: res.headers.get('retry-after') };
  };
  return { ms, call };
}

describe('Microservice', () => {
  it('serves /health without credentials and guards the rest with Basic replayed to /user/currentUser, cached', async () => {
    const { ms, call } = await started();
    try {
      expect(await eventually(() => call('/health'), (r) => r.status === 200)).toMatchObject({ status: 200, text: '{"status":"UP"}' });
      expect(await call('/hello?who=x')).toMatchObject({ status: 401, www: 'Basic realm="microservice"' });
      expect(await call('/hello?who=x', basic('t1/alice', 'wrong'))).toMatchObject({ status: 401 });
      expect(await call('/hello?who=x', ADMIN)).toMatchObject({ status: 200, text: 'hello x!' });
      expect(await call('/hello', ADMIN)).toMatchObject({ status: 200, text: 'hello world!' });
      expect(platform.requests.filter((r) => r.path === '/user/currentUser' && r.authorization === ADMIN)).toHaveLength(1);
      expect(await call('/nothing', ADMIN)).toMatchObject({ status: 404 });
    } finally {
      await ms.stop();
    }
  });

  it('checks route roles against the roles the platform returned', async () => {
    const { ms, call } = await started();
    try {
      expect(await call('/admin', ADMIN)).toMatchObject({ status: 200, text: '{"ok":true}' });
      expect(JSON.parse((await call('/admin', READER)).text)).toEqual({ error: 'security/Forbidden', message: 'needs one of the roles ROLE_HELLO_ADMIN' });
    } finally {
      await ms.stop();
    }
  });

  it('answers 503 with Retry-After, not 401, when the platform cannot be reached', async () => {
    const { ms, call } = await started();
    await platform.close();
    try {
      expect(await call('/hello', ADMIN)).toMatchObject({ status: 503, retryAfter: '5' });
    } finally {
      await ms.stop();
      platform = await platformDouble(answer);
    }
  });

  it('fires added for subscriptions present at start and for new ones, removed for gone ones; clients act in user and tenant scope', async () => {
    subscribed = [{ tenant: 't1', name: 'service_hello', password: 'p1' }];
    const { ms, call } = await started();
    const seen: string[] = [];
    ms.onSubscriptionAdded((e) => { seen.push(`added ${e.tenant} ${e.credentials.user}`); });
    ms.onSubscriptionRemoved((e) => { seen.push(`removed ${e.tenant}`); });
    ms.onSubscriptionAdded(() => { throw new Error('a failing listener does not stop the others'); });
    try {
      await eventually(() => seen, (events) => events.length === 1);
      subscribed = [{ tenant: 't2', name: 'service_hello', password: 'p2' }];
      await eventually(() => seen, (events) => events.length === 3);
      expect(seen).toEqual(['added t1 service_hello', 'removed t1', 'added t2 service_hello']);
      expect(JSON.parse((await call('/as-user', ADMIN)).text)).toEqual({ as: ADMIN });
      expect((await call('/as-tenant', ADMIN)).status).toBe(403);
      subscribed = [{ tenant: 't1', name: 'service_hello', password: 'p1' }];
      await eventually(() => seen, (events) => events.length === 5);
      expect(JSON.parse((await call('/as-tenant', ADMIN)).text)).toEqual({ as: basic('t1/service_hello', 'p1') });
    } finally {
      await ms.stop();
    }
  });

  it('does not watch subscriptions without a bootstrap user, and still serves', async () => {
    const watching = jest.spyOn(SubscriptionWatcher.prototype, 'start');
    const { ms, call } = await started({ bootstrap: { tenant: '', user: '', password: '' } });
    try {
      expect((await call('/hello', ADMIN)).text).toBe('hello world!');
      // The watcher was never started, so no timer exists that could ask for subscriptions later.
      expect(watching).not.toHaveBeenCalled();
      expect(platform.requests.filter((r) => r.path.includes('subscriptions'))).toEqual([]);
    } finally {
      watching.mockRestore();
      await ms.stop();
    }
  });

  it('is DOWN on /health, with the reason, until its subscriptions are loaded, and UP from then on even when a later fetch fails', async () => {
    subscriptionsRefused = 503;
    subscribed = [{ tenant: 't1', name: 'service_hello', password: 'p1' }];
    const { ms, call } = await started();
    try {
      const down = await eventually(() => call('/health'), (r) => /fetch failed/.test(r.text));
      expect({ status: down.status, body: JSON.parse(down.text) }).toEqual({
        status: 503, body: { status: 'DOWN', details: { subscriptions: { status: 'DOWN', reason: 'subscription fetch failed: currentApplication/subscriptions answered 503' } } },
      });
      // A request in tenant scope while the subscriptions are not loaded would be refused 403: the instance gets no traffic yet.
      expect((await call('/as-tenant', ADMIN)).status).toBe(403);
      subscriptionsRefused = undefined;
      expect((await eventually(() => call('/health'), (r) => r.status === 200)).text).toBe('{"status":"UP"}');
      expect(JSON.parse((await call('/as-tenant', ADMIN)).text)).toEqual({ as: basic('t1/service_hello', 'p1') });
      const fetches = () => platform.requests.filter((r) => r.path.includes('subscriptions')).length;
      const before = fetches();
      subscriptionsRefused = 503;
      await eventually(fetches, (n) => n >= before + 2);
      expect((await call('/health')).status).toBe(200);
    } finally {
      await ms.stop();
    }
  });

  it('is DOWN while registration fails, says why, and registers again until it succeeds', async () => {
    bootstrapKnown = false;
    const { ms, call } = await started({ delayMs: 100 });
    try {
      const down = await call('/health');
      expect({ status: down.status, body: JSON.parse(down.text) }).toEqual({
        status: 503, body: { status: 'DOWN', details: { subscriptions: { status: 'DOWN', reason: 'registration failed: finding application hello failed: 401 Bad credentials' } } },
      });
      bootstrapKnown = true;
      expect((await eventually(() => call('/health'), (r) => r.status === 200)).text).toBe('{"status":"UP"}');
    } finally {
      await ms.stop();
    }
  });

  it('reports the service\'s own checks in the details: DOWN with the failing check\'s reason, a check that throws, answers false or takes too long', async () => {
    let database: 'up' | 'down' | 'slow' | 'false' = 'up';
    const { ms, call } = await started({}, (m) => m
      .healthCheck('database', async () => {
        if (database === 'down') throw new Error('connection refused');
        if (database === 'slow') await new Promise((r) => setTimeout(r, 500));
        return database !== 'false';
      }, { timeoutMs: 100 })
      .healthCheck('queue', () => undefined));
    try {
      const up = await eventually(() => call('/health'), (r) => r.status === 200);
      expect(JSON.parse(up.text)).toEqual({ status: 'UP', details: { database: { status: 'UP' }, queue: { status: 'UP' } } });
      const reasons: Record<string, string> = { down: 'connection refused', slow: 'no answer within 100 ms', false: 'the check failed' };
      for (const [state, reason] of Object.entries(reasons)) {
        database = state as typeof database;
        const down = await call('/health');
        expect({ status: down.status, body: JSON.parse(down.text) }).toEqual({ status: 503, body: { status: 'DOWN', details: { database: { status: 'DOWN', reason }, queue: { status: 'UP' } } } });
      }
      expect((await call('/health', undefined, 'HEAD')).status).toBe(503);
      database = 'up';
      expect((await call('/health', undefined, 'HEAD')).status).toBe(200);
    } finally {
      await ms.stop();
    }
  });
});
