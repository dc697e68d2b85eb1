import { randomBytes } from 'node:crypto';
import {
  admin, basic, eventually, gw, helloImage, microserviceZip, newTenant, removeStackContainers, stackContainers, testStack,
} from '@berth/testing';

type Creds = [string, string];

async function raw(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${testStack.gatewayUrl}${path}`, { headers });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

async function upload(id: string, as: Creds, zip: Buffer) {
  const boundary = `----berth${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="hello.zip"\r\nContent-Type: application/zip\r\n\r\n`),
    zip, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await fetch(`${testStack.gatewayUrl}/application/applications/${id}/binaries`, {
    method: 'POST', body, headers: { accept: 'application/json', authorization: basic(...as), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return res.status;
}

const subscribe = (tenant: string, applicationId: string, as: Creds) =>
  gw(`/tenant/tenants/${tenant}/applications`, { method: 'POST', as, body: { application: { id: applicationId } } });
const unsubscribe = (tenant: string, applicationId: string, as: Creds) =>
  gw(`/tenant/tenants/${tenant}/applications/${applicationId}`, { method: 'DELETE', as });
const containersOf = async (applicationId: string) =>
  (await stackContainers(testStack.dbPrefix)).filter((c) => c.Labels['io.berth.application'] === applicationId);

async function microservice(manifest: Record<string, unknown>) {
  const name = `hello${randomBytes(4).toString('hex')}`;
  const created = await gw('/application/applications', { method: 'POST', as: admin(), body: { name, key: `${name}-key`, type: 'MICROSERVICE' } });
  expect(created.status).toBe(201);
  expect(await upload(created.body.id, admin(), microserviceZip({ apiVersion: '2', name, version: '1.0.0', provider: { name: 'berth' }, ...manifest }, helloImage()))).toBe(201);
  return { id: created.body.id as string, name };
}

// A fresh stack's consumers first join their groups and replay the shared topics; wait until the subscription app knows a new application.
beforeAll(async () => {
  const name = `warm${randomBytes(4).toString('hex')}`;
  const created = await gw('/application/applications', { method: 'POST', as: admin(), body: { name, key: `${name}-key`, type: 'MICROSERVICE' } });
  const first = await eventually(() => subscribe('management', created.body.id, admin()), (r) => r.status !== 404, 150000);
  expect(first.status).toBe(201);
  expect((await unsubscribe('management', created.body.id, admin())).status).toBe(204);
}, 180000);

afterAll(async () => {
  await removeStackContainers(testStack.dbPrefix);
}, 60000);

describe('microservice hosting through the gateway, on the local engine', () => {
  it('deploys on subscribe, serves /health and /hello, refuses strangers, and removes container and route on unsubscribe', async () => {
    const { id, name } = await microservice({ isolation: 'MULTI_TENANT', resources: { cpu: '0.5', memory: '128M' } });
    expect((await raw(`/service/${name}/health`)).status).toBe(404);
    const subscribed = await eventually(() => subscribe('management', id, admin()), (r) => r.status !== 404, 30000);
    expect(subscribed.status).toBe(201);

    const health = await eventually(() => raw(`/service/${name}/health`), (r) => r.status === 200, 60000);
    expect({ status: health.status, body: JSON.parse(health.text) }).toEqual({ status: 200, body: { status: 'UP' } });
    const hello = await raw(`/service/${name}/hello?who=x`, { authorization: basic(...admin()) });
    expect({ status: hello.status, text: hello.text }).toEqual({ status: 200, text: 'hello x!' });
    expect((await raw(`/service/${name}/hello`, { authorization: basic(...admin()) })).text).toBe('hello world!');
    expect((await raw(`/service/${name}/hello?who=x`)).status).toBe(401);
    const stranger = await newTenant();
    const refused = await gw(`/service/${name}/hello?who=x`, { as: stranger.admin });
    expect({ status: refused.status, error: refused.body?.error }).toEqual({ status: 403, error: 'security/Forbidden' });
    expect((await gw(`/service/nosuch${randomBytes(3).toString('hex')}/hello`, { as: admin() })).status).toBe(404);

    const echo = await gw(`/service/${name}/echo/a?b=1`, { as: admin(), headers: { 'x-xsrf-token': 'xsrf', tfatoken: 'tfa', cookie: 'authorization=abc' } });
    expect(echo.body.path).toBe('/echo/a?b=1');
    expect(echo.body.headers).toMatchObject({
      authorization: basic(...admin()), 'x-xsrf-token': 'xsrf', tfatoken: 'tfa', cookie: 'authorization=abc', 'x-forwarded-prefix': `/service/${name}`,
      'x-forwarded-host': expect.any(String), 'x-forwarded-proto': 'http',
    });
    expect(echo.body.headers['x-berth-principal']).toBeUndefined();
    expect(echo.body.env).toMatchObject({
      C8Y_BASEURL: expect.stringMatching(/^http/), C8Y_BOOTSTRAP_TENANT: 'management', C8Y_MICROSERVICE_ISOLATION: 'MULTI_TENANT',
      APPLICATION_NAME: name, APPLICATION_KEY: `${name}-key`, SERVER_PORT: '80', MEMORY_LIMIT: '128M',
    });

    const [container, ...more] = await containersOf(id);
    expect(more).toEqual([]);
    expect(container).toMatchObject({ State: 'running', Labels: { 'io.berth.application-name': name, 'io.berth.version': '1.0.0', 'io.berth.tenant': '' } });
    expect(container.Ports.filter((p) => p.PublicPort).map((p) => [p.PrivatePort, p.IP])).toEqual([[80, '127.0.0.1']]);
    const status = await gw(`/application/applications/${id}/status`, { as: admin() });
    expect(status.body).toMatchObject({ applicationId: id, status: 'Up', version: '1.0.0', restarts: 0, instances: [{ name: expect.any(String), healthy: true }] });

    expect((await unsubscribe('management', id, admin())).status).toBe(204);
    expect(await eventually(() => containersOf(id), (c) => c.length === 0, 30000)).toEqual([]);
    expect((await eventually(() => raw(`/service/${name}/health`), (r) => r.status === 404, 10000)).status).toBe(404);
    expect((await gw(`/application/applications/${id}/status`, { as: admin() })).body).toMatchObject({ status: 'Unknown', instances: [] });
  }, 180000);
});
