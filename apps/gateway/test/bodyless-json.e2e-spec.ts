import { request } from 'node:http';
import { randomBytes } from 'node:crypto';
import { admin, basic, gw, testStack } from '@berth/testing';

/**
 * A request without a body that still names a JSON content type, as many clients send on every request
 * (go-c8y-cli's `Content-Type: application/json` with `Content-Length: 0`; `curl -X DELETE -H 'Content-Type: …'`
 * with no length at all). An empty body counts as no body, on every app (docs/api/conventions.md).
 */
function bodyless(method: string, path: string, contentType: string, withLength: boolean): Promise<{ status: number; body: string }> {
  return send(method, path, { 'content-type': contentType, ...(withLength ? { 'content-length': '0' } : {}) });
}

/** One request with exactly these headers (and the admin's credentials), written as given. */
function send(method: string, path: string, extra: Record<string, string>, body?: string): Promise<{ status: number; body: string }> {
  const headers = { authorization: basic(...admin()), accept: 'application/json', ...extra };
  return new Promise((resolve, reject) => {
    const req = request(`${testStack.gatewayUrl}${path}`, { method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => { body += c; });
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const SHAPES = [
  { contentType: 'application/json', withLength: true },
  { contentType: 'application/json; charset=utf-8', withLength: false },
  { contentType: 'application/vnd.com.nsn.cumulocity.application+json', withLength: true },
];

describe('a body-less request with a JSON content type, through the gateway to every app', () => {
  it.each(SHAPES)('deletes an application, a subscription and an option, and reads SMS providers and a status ($contentType, length header: $withLength)', async ({ contentType, withLength }) => {
    const name = `bodyless${randomBytes(4).toString('hex')}`;
    const app = await gw('/application/applications', { method: 'POST', as: admin(), body: { name, key: `${name}-key`, type: 'MICROSERVICE' } });
    expect(app.status).toBe(201);
    expect((await gw('/tenant/tenants/management/applications', { method: 'POST', as: admin(), body: { application: { id: app.body.id } } })).status).toBe(201);
    expect((await gw('/tenant/options', { method: 'POST', as: admin(), body: { category: name, key: 'k', value: 'v' } })).status).toBe(201);

    const answers = {
      status: (await bodyless('GET', `/application/applications/${app.body.id}/status`, contentType, withLength)).status,
      providers: (await bodyless('GET', '/service/messaging/providers/definitions', contentType, withLength)).status,
      option: (await bodyless('DELETE', `/tenant/options/${name}/k`, contentType, withLength)).status,
      subscription: (await bodyless('DELETE', `/tenant/tenants/management/applications/${app.body.id}`, contentType, withLength)).status,
      application: (await bodyless('DELETE', `/application/applications/${app.body.id}`, contentType, withLength)).status,
    };
    expect(answers).toEqual({ status: 200, providers: 200, option: 204, subscription: 204, application: 204 });
    expect((await gw(`/application/applications/${app.body.id}`, { as: admin() })).status).toBe(404);
  });

  it('still refuses a body that is not JSON under a JSON content type', async () => {
    const res = await send('POST', '/tenant/options', { 'content-type': 'application/json' }, '{not json');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ error: expect.stringMatching(/^general\//) });
  });
});
