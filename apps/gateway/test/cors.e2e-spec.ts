import { request } from 'undici';
import { admin, basic, BRAND, gw, newTenant, testStack } from '@berth/testing';

type Tenant = Awaited<ReturnType<typeof newTenant>>;

const APP = 'https://app.example.com';
const DEV = 'http://localhost:4200';

/** A request through the gateway with a chosen Host (fetch cannot set it); its status, headers and body. */
async function send(method: string, path: string, headers: Record<string, string>) {
  const res = await request(`${testStack.gatewayUrl}${path}`, { method: method as 'GET', headers });
  const text = await res.body.text();
  const h = (name: string) => res.headers[name] as string | undefined;
  return { status: res.statusCode, h, body: text ? JSON.parse(text) : undefined };
}

const preflight = (path: string, origin: string, host = '127.0.0.1') => send('OPTIONS', path, {
  host, origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization, content-type, x-xsrf-token',
});
const asTenant = (tenant: Tenant, path: string, origin: string) => send('GET', path, { origin, authorization: basic(...tenant.admin), accept: 'application/json' });

describe('gateway: CORS from the tenant option access.control/allow.origin', () => {
  let tenant: Tenant;
  let other: Tenant;

  beforeAll(async () => {
    [tenant, other] = await Promise.all([newTenant(), newTenant()]);
  });

  it('answers * (without credentials) for a tenant without the option, and nothing for requests without Origin', async () => {
    const res = await asTenant(tenant, '/tenant/currentTenant', APP);
    expect(res.status).toBe(200);
    expect(res.h('access-control-allow-origin')).toBe('*');
    expect(res.h('access-control-allow-credentials')).toBeUndefined();
    expect(res.h('access-control-expose-headers')).toMatch(/Location/);
    const plain = await gw('/tenant/currentTenant', { as: tenant.admin });
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('echoes a listed origin with credentials from the request after the option\'s write; other origins get no CORS headers', async () => {
    const put = await gw('/tenant/options/access.control/allow.origin', { method: 'PUT', as: tenant.admin, body: { value: `${APP}, ${DEV}` } });
    expect(put.status).toBe(200);
    // Read-your-writes (docs/consistency.md): the gateway's copy of the option includes the write before the next request.
    const res = await asTenant(tenant, '/tenant/currentTenant', DEV);
    expect(res.h('access-control-allow-origin')).toBe(DEV);
    expect(res.h('access-control-allow-credentials')).toBe('true');
    expect(res.h('vary')).toMatch(/Origin/);
    const evil = await asTenant(tenant, '/tenant/currentTenant', 'https://evil.example.com');
    expect(evil.status).toBe(200);
    expect(evil.h('access-control-allow-origin')).toBeUndefined();
    expect(evil.h('vary')).toMatch(/Origin/);
  });

  it('keeps one tenant\'s origins to that tenant', async () => {
    const res = await asTenant(other, '/tenant/currentTenant', 'https://evil.example.com');
    expect(res.h('access-control-allow-origin')).toBe('*');
  });

  it('answers a preflight without credentials for the tenant the Host names, on app paths and the gateway\'s own', async () => {
    const host = `${tenant.id}.example.com`;
    for (const path of ['/tenant/options', '/platform', `/service/no-such-service/x`]) {
      const ok = await preflight(path, APP, host);
      expect({ path, status: ok.status }).toEqual({ path, status: 204 });
      expect(ok.h('access-control-allow-origin')).toBe(APP);
      expect(ok.h('access-control-allow-credentials')).toBe('true');
      expect(ok.h('access-control-allow-methods')).toMatch(/PUT/);
      expect(ok.h('access-control-allow-headers')).toBe('authorization, content-type, x-xsrf-token');
      expect(ok.h('access-control-max-age')).toBe('3600');
      const refused = await preflight(path, 'https://evil.example.com', host);
      expect(refused.status).toBe(403);
      expect(refused.h('content-type')).toBe(`${BRAND}.error+json;ver=0.9;charset=UTF-8`);
      expect(refused.body).toMatchObject({ error: 'security/Forbidden', message: expect.stringContaining('https://evil.example.com') });
    }
    const unnamed = await preflight('/tenant/options', 'https://evil.example.com');
    expect(unnamed.status).toBe(204);
    expect(unnamed.h('access-control-allow-origin')).toBe('*');
  });

  it('puts the CORS headers on refusals too, so a browser script can read its 401 and 403', async () => {
    const wrong = await send('GET', '/tenant/currentTenant', { host: `${tenant.id}.example.com`, origin: APP, authorization: basic(`${tenant.id}/boss`, 'wrong') });
    expect(wrong.status).toBe(401);
    expect(wrong.h('access-control-allow-origin')).toBe(APP);
    const denied = await asTenant(tenant, '/application/applications/999999999/binaries', APP);
    expect(denied.status).toBeGreaterThanOrEqual(400);
    expect(denied.h('access-control-allow-origin')).toBe(APP);
  });

  it('goes back to the platform default from the request after the option\'s deletion', async () => {
    expect((await gw('/tenant/options/access.control/allow.origin', { method: 'DELETE', as: tenant.admin })).status).toBe(204);
    const res = await asTenant(tenant, '/tenant/currentTenant', 'https://evil.example.com');
    expect(res.h('access-control-allow-origin')).toBe('*');
    expect(res.h('access-control-allow-credentials')).toBeUndefined();
  });

  it('adds them to the answers of the gateway\'s own routes as well', async () => {
    const res = await send('GET', '/platform', { origin: DEV, authorization: basic(...admin()), accept: 'application/json' });
    expect(res.status).toBe(200);
    expect(res.h('access-control-allow-origin')).toBe('*');
  });
});
