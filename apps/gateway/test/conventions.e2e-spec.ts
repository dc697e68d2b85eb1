import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { IncomingHttpHeaders, request } from 'node:http';
import { defined, eventually, testStack } from '@berth/testing';

const BRAND = 'application/vnd.com.nsn.cumulocity';
const call = (path: string, init: RequestInit = {}) =>
  fetch(`${testStack.gatewayUrl}${path}`, { ...init, headers: { ...testStack.adminAuth(), ...(init.headers as Record<string, string>) } });
/** The public base URL of these requests: the address they are sent to (docs/api/conventions.md). */
const publicBase = () => testStack.gatewayUrl;

/** A request with any method (fetch refuses TRACE), as the admin. */
function rawCall(method: string, path: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${testStack.gatewayUrl}${path}`, { method, headers: testStack.adminAuth() }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk)).on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject).end();
  });
}

async function expectError(res: Response, status: number, error: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toBe(`${BRAND}.error+json;ver=0.9;charset=UTF-8`);
  expect(await res.json()).toMatchObject({ error, message: expect.any(String), info: expect.stringMatching(/^http/) });
}

describe('gateway: discovery and verb conventions', () => {
  it('serves the Platform resource with every interface under the public base URL', async () => {
    const res = await call('/platform');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(`${BRAND}.platformApi+json;ver=0.9;charset=UTF-8`);
    const body: any = await res.json();
    expect(body.self).toBe(`${publicBase()}/platform`);
    for (const api of ['inventory', 'identity', 'event', 'measurement', 'audit', 'alarm', 'user', 'deviceControl']) {
      expect(body[api].self).toMatch(new RegExp(`^${publicBase()}/`));
    }
    expect(body.inventory.managedObjectsForType).toBe(`${publicBase()}/inventory/managedObjects?type={type}`);
    expect(body.user.userByName).toBe(`${publicBase()}/user/{tenant}/userByName/{userName}`);
  });

  it('serves the ApplicationApi resource from the registry, with its URI templates', async () => {
    const res = await call('/application', { headers: { Accept: `${BRAND}.applicationApi+json;` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(`${BRAND}.applicationApi+json;ver=0.9;charset=UTF-8`);
    expect(await res.json()).toMatchObject({
      self: `${publicBase()}/application`,
      applicationById: `${publicBase()}/application/applications/{id}`,
      applications: { self: `${publicBase()}/application/applications` },
      applicationsByName: `${publicBase()}/application/applicationsByName/{name}`,
      applicationsByTenant: `${publicBase()}/application/applicationsByTenant/{tenant}`,
      applicationsByOwner: `${publicBase()}/application/applicationsByOwner/{tenant}`,
    });
  });

  it.each([
    ['*/*'], ['application/json'], ['APPLICATION/VND.COM.NSN.CUMULOCITY.APPLICATIONAPI+JSON'],
    [`${BRAND}.applicationApi+json;ver=0.9, ${BRAND}.applicationApi+json;ver=0.1`],
  ])('answers Accept "%s" with the vendor type', async (accept) => {
    const res = await call('/application', { headers: { Accept: accept } });
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(`${BRAND}.applicationApi+json;ver=0.9;charset=UTF-8`);
  });

  it('refuses an Accept it cannot serve with 406 and the error resource', async () => {
    await expectError(await call('/application', { headers: { Accept: 'text/html' } }), 406, 'general/Not Acceptable');
  });

  it('answers a method a resource does not have with 405 and Allow', async () => {
    const own = await call('/platform', { method: 'DELETE' });
    expect(own.headers.get('allow')).toContain('GET');
    await expectError(own, 405, 'general/Method Not Allowed');
    const app = await call('/application', { method: 'DELETE' });
    expect(app.headers.get('allow')).toContain('GET');
    await expectError(app, 405, 'general/Method Not Allowed');
  });

  it('answers a method no route uses (TRACE, QUERY, PROPFIND) with 405 and Allow on a known path, 404 elsewhere', async () => {
    for (const method of ['TRACE', 'QUERY', 'PROPFIND']) {
      for (const path of ['/platform', '/application', '/user/roles']) {
        const res = await rawCall(method, path);
        expect([method, path, res.status, res.headers['content-type']]).toEqual([method, path, 405, `${BRAND}.error+json;ver=0.9;charset=UTF-8`]);
        expect(res.headers.allow).toContain('GET');
        expect(JSON.parse(res.body)).toMatchObject({ error: 'general/Method Not Allowed' });
      }
      expect((await rawCall(method, '/application/nothing-here')).status).toBe(404);
    }
  });

  it('honours X-HTTP-METHOD on POST: the app receives the named method', async () => {
    const id = `e2e-${randomUUID()}`;
    const res = await call('/application', { method: 'POST', headers: { 'X-HTTP-METHOD': 'put', 'X-Request-Id': id } });
    await expectError(res, 405, 'general/Method Not Allowed');
    const line = await eventually(
      () => readFileSync(testStack.logFile('application-registry'), 'utf8').split('\n').find((l) => l.includes(`"correlationId":"${id}"`) && l.includes('"status"')),
      defined, { timeoutMs: 3000, what: `the registry's log line of request ${id}` },
    );
    expect(JSON.parse(line)).toMatchObject({ method: 'PUT', url: '/application', status: 405 });
  });

  it('refuses X-HTTP-METHOD naming a method a POST cannot stand in for', async () => {
    await expectError(await call('/application', { method: 'POST', headers: { 'X-HTTP-METHOD': 'GET' } }), 422, 'general/Unprocessable Entity');
  });
});

describe('gateway: processing mode header', () => {
  it('refuses an unknown processing mode with 422 and the error resource', async () => {
    const res = await call('/application', { method: 'PUT', headers: { 'X-Cumulocity-Processing-Mode': 'SOMETIMES' } });
    await expectError(res, 422, 'processingMode/Unprocessable Entity');
  });

  it.each(['TRANSIENT', 'quiescent', 'CEP', 'Persistent'])('accepts "%s" (the request reaches the app)', async (mode) => {
    const res = await call('/application', { method: 'PUT', headers: { 'X-Cumulocity-Processing-Mode': mode } });
    await expectError(res, 405, 'general/Method Not Allowed');
  });
});
