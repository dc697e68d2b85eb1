import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PAGE_CSP } from '@berth/http';
import { eventually, testStack } from '@berth/testing';

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${testStack.gatewayUrl}${path}`, { headers: { ...testStack.adminAuth(), ...headers } });

/** Waits until `app`'s log names `correlationId`; fails when it does not within 3 s. */
const loggedBy = (app: string, correlationId: string) =>
  eventually(() => readFileSync(testStack.logFile(app), 'utf8'), (log) => log.includes(`"correlationId":"${correlationId}"`), {
    timeoutMs: 3000, what: `${app} logs correlation id ${correlationId}`,
  });

describe('gateway (foundation)', () => {
  it('reports its own dependencies, and every internal app as a neighbour', async () => {
    const res = await get('/health');
    const body: any = await res.json();
    expect(res.status).toBe(200);
    expect(body.status).toBe('UP');
    expect(body.dependencies).toEqual({ kafka: { status: 'UP' }, redis: { status: 'UP' }, 'gateway-events': { status: 'UP' } });
    for (const app of ['application-registry', 'subscription', 'tenant-options', 'sms-adapter', 'microservice-orchestrator']) {
      expect(body.neighbours[app]).toEqual({ status: 'UP' });
    }
  });

  it.each([
    ['/application/applications/1/binaries', 'application-registry'],
    ['/tenant/tenants/t1/applications', 'subscription'],
    ['/tenant/currentTenant', 'tenant-options'],
    ['/service/messaging/smsmessaging/inbound/registrations/tel:+491/messages', 'sms-adapter'],
    ['/application/applications/1/status', 'microservice-orchestrator'],
  ])('forwards %s to %s with the caller\'s correlation id', async (path, app) => {
    const id = `e2e-${randomUUID()}`;
    const res = await get(path, { 'X-Request-Id': id });
    await res.arrayBuffer();
    expect(res.headers.get('x-request-id')).toBe(id);
    await loggedBy(app, id);
    await loggedBy('gateway', id);
  });

  it('answers an unknown route with 404 and the error resource', async () => {
    const res = await get('/no/such/thing');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/vnd.com.nsn.cumulocity.error+json;ver=0.9;charset=UTF-8');
    const body: any = await res.json();
    expect(body).toMatchObject({ error: 'general/Not Found', message: expect.stringContaining('/no/such/thing') });
    expect(body.info).toMatch(/^http/);
  });

  it('serves the page an error resource\'s info links to, without credentials, with the kind\'s row at its anchor', async () => {
    const refused: any = await (await fetch(`${testStack.gatewayUrl}/application/applications`)).json();
    const info = new URL(refused.info);
    expect([info.pathname, info.hash]).toEqual(['/docs/errors', '#unauthorized']);
    const page = await fetch(`${testStack.gatewayUrl}${info.pathname}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(PAGE_CSP);
    const html = await page.text();
    for (const anchor of ['bad-request', 'unauthorized', 'not-found', 'duplicate', 'too-many-requests', 'service-unavailable']) expect(html).toContain(`<tr id="${anchor}">`);
  });

  it('makes a correlation id when the caller sends none, and refuses an unsafe one', async () => {
    const made = await Promise.all([get('/tenant/currentTenant'), get('/tenant/currentTenant')]);
    const ids = await Promise.all(made.map(async (res) => { await res.arrayBuffer(); return res.headers.get('x-request-id'); }));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
    await loggedBy('tenant-options', ids[0]!);

    const unsafe = await get('/tenant/currentTenant', { 'X-Request-Id': 'bad id with spaces' });
    await unsafe.arrayBuffer();
    const replaced = unsafe.headers.get('x-request-id');
    expect(replaced).toMatch(/^[0-9a-f-]{36}$/);
    await loggedBy('tenant-options', replaced!);
  });
});
