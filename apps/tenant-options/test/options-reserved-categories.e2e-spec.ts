import { randomBytes } from 'node:crypto';
import { admin as managementAdmin, basic, BRAND, gw, microserviceZip, testStack } from '@berth/testing';
import { admin, call, newTenant, READ_ROLES, subscribedMicroservice, TenantHandle } from './options-fixture';

const fresh = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;

function expectError(res: { status: number; headers: Headers; body: any }, status: number, error: string, message?: RegExp) {
  expect({ status: res.status, error: res.body?.error }).toEqual({ status, error });
  expect(res.headers.get('content-type')).toBe(`${BRAND}.error+json;ver=0.9;charset=UTF-8`);
  expect(res.body).toMatchObject({ message: expect.any(String), info: expect.stringMatching(/^http/) });
  if (message) expect(res.body.message).toMatch(message);
}

/** Uploads a microservice ZIP holding `manifest` to application `id`. */
async function uploadMicroservice(id: string, as: [string, string], manifest: unknown) {
  const form = new FormData();
  form.append('file', new Blob([microserviceZip(manifest)], { type: 'application/zip' }), 'ms.zip');
  const res = await fetch(`${testStack.gatewayUrl}/application/applications/${id}/binaries`, { method: 'POST', headers: { authorization: basic(...as), accept: 'application/json' }, body: form });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

describe('reserved names: a tenant cannot pose as a platform category to read its write-only secrets', () => {
  const secret = `sms-pw-${randomBytes(6).toString('hex')}`;
  let tenant: TenantHandle;

  beforeAll(async () => {
    tenant = await newTenant();
    expect((await call(admin(tenant), 'PUT', '/tenant/options/messaging', { provider: 'http-b', 'http-b.username': 'u' })).status).toBe(200);
    expect((await call(admin(tenant), 'PUT', '/tenant/options/messaging/credentials.http-b.password', { value: secret })).status).toBe(200);
  }, 60000);

  it('refuses a microservice named, keyed or routed like a platform category or built-in application: 422', async () => {
    const create = (body: Record<string, unknown>) => gw('/application/applications', { method: 'POST', as: tenant.admin, body });
    const name = fresh('ms');
    // The attack: a MICROSERVICE named `messaging`, whose service user would read the messaging category's secrets.
    expectError(await create({ name: 'messaging', key: fresh('k'), type: 'MICROSERVICE' }), 422, 'applications/Unprocessable Entity', /^name "messaging" is reserved/);
    expectError(await create({ name, key: `${name}-key`, type: 'MICROSERVICE', contextPath: 'messaging' }), 422, 'applications/Unprocessable Entity', /^contextPath "messaging"/);
    expectError(await create({ name, key: `${name}-key`, type: 'MICROSERVICE', manifest: { settingsCategory: 'messaging' } }), 422, 'applications/Unprocessable Entity', /^manifest.settingsCategory "messaging"/);
    expectError(await create({ name, key: 'cockpit-application-key', type: 'MICROSERVICE' }), 422, 'applications/Unprocessable Entity', /^key "cockpit-application-key"/);
    expectError(await create({ name: 'Access.Control', key: `${name}-key`, type: 'HOSTED', contextPath: name, resourcesUrl: '/' }), 422, 'applications/Unprocessable Entity');
    // The management tenant's users are refused too: only the seeded known applications hold these names.
    expectError(await gw('/application/applications', { method: 'POST', as: managementAdmin(), body: { name: 'sms', key: fresh('k'), type: 'MICROSERVICE' } }), 422, 'applications/Unprocessable Entity');
    const search = await gw('/application/applicationsByName/messaging', { as: tenant.admin });
    expect(search.body.applications).toEqual([]);
  });

  it('refuses renaming to a reserved name and a binary whose manifest claims a platform settings category', async () => {
    const web = fresh('web');
    const hosted = await gw('/application/applications', { method: 'POST', as: tenant.admin, body: { name: web, key: `${web}-key`, type: 'HOSTED', contextPath: web, resourcesUrl: '/' } });
    expect(hosted.status).toBe(201);
    const put = (body: Record<string, unknown>) => gw(`/application/applications/${hosted.body.id}`, { method: 'PUT', as: tenant.admin, body });
    expectError(await put({ name: 'messaging' }), 422, 'applications/Unprocessable Entity');
    expectError(await put({ contextPath: 'token.publicKey' }), 422, 'applications/Unprocessable Entity');
    expectError(await put({ key: 'cep-application-key' }), 422, 'applications/Unprocessable Entity');
    expect((await put({ description: 'still mine' })).status).toBe(200);

    const ms = fresh('ms');
    const app = await gw('/application/applications', { method: 'POST', as: tenant.admin, body: { name: ms, key: `${ms}-key`, type: 'MICROSERVICE' } });
    expect(app.status).toBe(201);
    expectError(await uploadMicroservice(app.body.id, tenant.admin, { name: ms, version: '1.0.0', settingsCategory: 'messaging' }), 422, 'applications/Unprocessable Entity', /^manifest.settingsCategory "messaging"/);
    expect((await gw(`/application/applications/${app.body.id}`, { as: tenant.admin })).body.activeVersionId).toBeUndefined();
  });

  it('still lets a seeded known application keep its names, and a microservice read its own category\'s secrets but not messaging\'s', async () => {
    const cockpit = (await gw('/application/applicationsByName/cockpit', { as: managementAdmin() })).body.applications[0];
    const kept = await gw(`/application/applications/${cockpit.id}`, { method: 'PUT', as: managementAdmin(), body: { description: 'The cockpit application' } });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ name: 'cockpit', contextPath: 'cockpit' });

    const { name, service } = await subscribedMicroservice(tenant, READ_ROLES);
    expect((await call(admin(tenant), 'PUT', `/tenant/options/${name}/credentials.apiKey`, { value: 'own-secret' })).status).toBe(200);
    expect((await call(service, 'GET', `/tenant/options/${name}/credentials.apiKey`)).body.value).toBe('own-secret');
    expect((await call(service, 'GET', `/tenant/options/${name}`)).body).toEqual({ 'credentials.apiKey': 'own-secret' });
    const messaging = await call(service, 'GET', '/tenant/options/messaging/credentials.http-b.password');
    expect(messaging.status).toBe(200);
    expect(messaging.body.value).toBeUndefined();
    expect(JSON.stringify((await call(service, 'GET', '/tenant/options/messaging')).body)).not.toContain(secret);
  }, 60000);
});
