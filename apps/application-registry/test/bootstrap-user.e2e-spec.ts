import { randomBytes } from 'node:crypto';
import { Topics } from '@berth/contracts';
import { admin, BRAND, consumedBy, eventually, gw, newTenant } from '@berth/testing';

type Creds = [string, string];
type Answer = Awaited<ReturnType<typeof gw>>;
const unique = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;
const pw = () => `Pw-${randomBytes(9).toString('base64url')}`;

function expectError(res: Answer, status: number, error: string, message?: RegExp) {
  expect({ status: res.status, error: res.body?.error }).toEqual({ status, error });
  expect(res.headers.get('content-type')).toBe(`${BRAND}.error+json;ver=0.9;charset=UTF-8`);
  expect(res.body).toMatchObject({ message: expect.any(String), info: expect.stringMatching(/^http/) });
  if (message) expect(res.body.message).toMatch(message);
}

async function create(as: Creds, fields: Record<string, unknown>) {
  const res = await gw('/application/applications', { method: 'POST', as, body: fields });
  if (res.status !== 201) throw new Error(`not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; name: string; key: string };
}

const microservice = (as: Creds, extra: Record<string, unknown> = {}) => {
  const name = unique('ms');
  return create(as, { name, key: `${name}-key`, type: 'MICROSERVICE', ...extra });
};

/** `GET …/bootstrapUser` as the owner's admin, retried while the user is being made (503). */
async function bootstrapUser(id: string, as: Creds) {
  const res = await eventually(() => gw(`/application/applications/${id}/bootstrapUser`, { as, headers: { accept: `${BRAND}.user+json` } }), (r) => r.status !== 503, 10000);
  expect(res.status).toBe(200);
  return res;
}

const credsOf = (user: { tenant: string; name: string; password: string }): Creds => [`${user.tenant}/${user.name}`, user.password];

describe('registry: bootstrap users', () => {
  it('gives a new microservice its bootstrap user, who logs in, to the owner\'s admins with the user media type', async () => {
    const t = await newTenant();
    const app = await microservice(t.admin);
    const res = await bootstrapUser(app.id, t.admin);
    expect(res.headers.get('content-type')).toBe(`${BRAND}.user+json;ver=0.9;charset=UTF-8`);
    expect(res.body).toEqual({ tenant: t.id, name: `servicebootstrap_${app.name}`, password: expect.stringMatching(/^\S{16,}$/) });
    expect((await gw(`/application/applications/${app.id}/bootstrapUser`, { as: t.admin })).body).toEqual(res.body);
    const me = await gw('/user/currentUser', { as: credsOf(res.body) });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ userName: `servicebootstrap_${app.name}`, effectiveRoles: [] });
    expect((await gw('/tenant/currentTenant', { as: credsOf(res.body) })).body).toMatchObject({ name: t.id });
    const got = await gw(`/application/applications/${app.id}`, { as: t.admin });
    expect(JSON.stringify(got.body)).not.toContain(res.body.password);
    expect(got.body).not.toHaveProperty('bootstrapUser');
  });

  it('refuses other tenants, users without the admin role, unknown ids and other types', async () => {
    const [t, other] = [await newTenant(), await newTenant()];
    const priv = await microservice(t.admin);
    const market = await microservice(t.admin, { availability: 'MARKET' });
    await bootstrapUser(market.id, t.admin);
    expectError(await gw(`/application/applications/${priv.id}/bootstrapUser`, { as: other.admin }), 404, 'applications/Not Found');
    expectError(await gw(`/application/applications/${market.id}/bootstrapUser`, { as: other.admin }), 404, 'applications/Not Found');
    const offered = await microservice(admin(), { availability: 'MARKET' });
    expectError(await gw(`/application/applications/${offered.id}/bootstrapUser`, { as: other.admin }), 403, 'security/Forbidden');
    const password = pw();
    expect((await gw(`/user/${t.id}/users`, { method: 'POST', as: t.admin, body: { userName: 'reader', password } })).status).toBe(201);
    const role = await gw(`/user/${t.id}/users/reader/roles`, { method: 'POST', as: t.admin, body: { role: { id: 'ROLE_APPLICATION_MANAGEMENT_READ' } } });
    expect(role.status).toBe(201);
    expectError(await gw(`/application/applications/${market.id}/bootstrapUser`, { as: [`${t.id}/reader`, password] }), 403, 'security/Forbidden');
    expectError(await gw('/application/applications/99999999999999999/bootstrapUser', { as: t.admin }), 404, 'applications/Not Found');
    const n = unique('web');
    const hosted = await create(t.admin, { name: n, key: `${n}-key`, type: 'HOSTED', contextPath: n, resourcesUrl: '/' });
    expectError(await gw(`/application/applications/${hosted.id}/bootstrapUser`, { as: t.admin }), 400, 'applications/Bad Request', /MICROSERVICE/);
  });

  it('answers 503 with Retry-After while no bootstrap user exists (here: its name belongs to an ordinary user)', async () => {
    const t = await newTenant();
    const name = unique('ms');
    expect((await gw(`/user/${t.id}/users`, { method: 'POST', as: t.admin, body: { userName: `servicebootstrap_${name}`, password: pw() } })).status).toBe(201);
    const app = await create(t.admin, { name, key: `${name}-key`, type: 'MICROSERVICE' });
    const res = await gw(`/application/applications/${app.id}/bootstrapUser`, { as: t.admin });
    expectError(res, 503, 'applications/Service Unavailable', /try again/);
    expect(res.headers.get('retry-after')).toBe('1');
  });

  it('removes the bootstrap user with its application, and makes none for a TRANSIENT creation', async () => {
    const t = await newTenant();
    const app = await microservice(t.admin);
    const user = (await bootstrapUser(app.id, t.admin)).body;
    expect((await gw('/application/currentApplication', { as: credsOf(user) })).status).toBe(200);
    expect((await gw(`/application/applications/${app.id}`, { method: 'DELETE', as: t.admin })).status).toBe(204);
    const after = await eventually(() => gw('/user/currentUser', { as: credsOf(user) }), (r) => r.status === 401, 10000);
    expectError(after, 401, 'security/Unauthorized');
    const name = unique('ms');
    const transient = await gw('/application/applications', {
      method: 'POST', as: t.admin, body: { name, key: `${name}-key`, type: 'MICROSERVICE' }, headers: { 'X-Cumulocity-Processing-Mode': 'TRANSIENT' },
    });
    expect(transient.status).toBe(201);
    await consumedBy('tenant-options', [Topics.applicationEvents]);
    expect((await gw(`/user/${t.id}/users/servicebootstrap_${name}`, { as: t.admin })).status).toBe(404);
  });
});

describe('registry: currentApplication and its settings', () => {
  it('answers the calling microservice to its bootstrap user, and takes PUT by the PUT rules', async () => {
    const t = await newTenant();
    const app = await microservice(t.admin, { description: 'old' });
    const me = credsOf((await bootstrapUser(app.id, t.admin)).body);
    const got = await gw('/application/currentApplication', { as: me, headers: { accept: `${BRAND}.application+json` } });
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe(`${BRAND}.application+json;ver=0.9;charset=UTF-8`);
    expect(got.body).toMatchObject({ id: app.id, name: app.name, key: app.key, type: 'MICROSERVICE', owner: { tenant: { id: t.id } }, requiredRoles: [], roles: [] });
    const put = await gw('/application/currentApplication', { method: 'PUT', as: me, body: { description: null, id: 'x' } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id: app.id, roles: [] });
    expect(put.body).not.toHaveProperty('description');
    expect((await gw(`/application/applications/${app.id}`, { as: t.admin })).body).toEqual(put.body);
    expectError(await gw('/application/currentApplication', { method: 'PUT', as: me, body: { roles: ['ROLE_HELLO_READ'] } }), 403, 'security/Forbidden', /roles/);
    expect((await gw(`/application/applications/${app.id}`, { as: t.admin })).body).toEqual(put.body);
    expectError(await gw('/application/currentApplication', { method: 'PUT', as: me, body: { type: 'HOSTED' } }), 422, 'applications/Unprocessable Entity', /type/);
    expectError(await gw('/application/currentApplication', { method: 'PUT', as: me, body: { name: unique('ms') } }), 409, 'applications/Update Conflict', /name/);
    expectError(await gw(`/application/applications/${app.id}`, { method: 'PUT', as: t.admin, body: { name: unique('ms') } }), 409, 'applications/Update Conflict', /name/);
  });

  it('refuses its bootstrap user a change of availability, requiredRoles or roles by either route with 403, and takes its other changes', async () => {
    const t = await newTenant();
    const app = await microservice(t.admin, { requiredRoles: ['ROLE_INVENTORY_READ'] });
    const me = credsOf((await bootstrapUser(app.id, t.admin)).body);
    const before = (await gw(`/application/applications/${app.id}`, { as: t.admin })).body;
    const attacks = [
      { availability: 'MARKET' }, { requiredRoles: ['ROLE_INVENTORY_READ', 'ROLE_TENANT_MANAGEMENT_ADMIN'] }, { requiredRoles: null },
      { roles: ['ROLE_HELLO_ADMIN'] }, { description: 'x', roles: ['ROLE_HELLO_ADMIN'] },
    ];
    for (const body of attacks) {
      expectError(await gw('/application/currentApplication', { method: 'PUT', as: me, body }), 403, 'security/Forbidden');
      expectError(await gw(`/application/applications/${app.id}`, { method: 'PUT', as: me, body }), 403, 'security/Forbidden');
    }
    expect((await gw(`/application/applications/${app.id}`, { as: t.admin })).body).toEqual(before);
    // What it fetched, PUT back with another description, changes only that (an absent role list reads as []).
    const fetched = (await gw('/application/currentApplication', { as: me })).body;
    const put = await gw('/application/currentApplication', { method: 'PUT', as: me, body: { ...fetched, description: 'mine' } });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ ...before, description: 'mine' });
    // The tenant's admin still changes them.
    const owner = await gw(`/application/applications/${app.id}`, { method: 'PUT', as: t.admin, body: { availability: 'MARKET', roles: ['ROLE_HELLO_READ'] } });
    expect(owner.status).toBe(200);
    expect(owner.body).toMatchObject({ availability: 'MARKET', requiredRoles: ['ROLE_INVENTORY_READ'], roles: ['ROLE_HELLO_READ'] });
  });

  it('refuses everyone but a bootstrap user with 403', async () => {
    const t = await newTenant();
    for (const path of ['/application/currentApplication', '/application/currentApplication/settings']) {
      expectError(await gw(path, { as: t.admin }), 403, 'security/Forbidden');
    }
    expectError(await gw('/application/currentApplication', { method: 'PUT', as: t.admin, body: { description: 'x' } }), 403, 'security/Forbidden');
  });

  it('resolves the manifest\'s settings against the owner\'s options in the settings category, secrets decrypted', async () => {
    const t = await newTenant();
    const category = unique('cat');
    const app = await microservice(t.admin, {
      manifest: { settingsCategory: category, settings: [{ key: 'mode', defaultValue: 'slow', editable: true }, { key: 'level', defaultValue: 'low' }] },
    });
    const me = credsOf((await bootstrapUser(app.id, t.admin)).body);
    const defaults = await gw('/application/currentApplication/settings', { as: me });
    expect(defaults.status).toBe(200);
    expect(defaults.headers.get('content-type')).toBe(`${BRAND}.option+json;ver=0.9;charset=UTF-8`);
    expect(defaults.body).toEqual({ mode: 'slow', level: 'low' });
    for (const [key, value] of [['mode', 'fast'], ['credentials.token', 's3cret'], ['extra', 'e']]) {
      expect((await gw(`/tenant/options/${category}/${key}`, { method: 'PUT', as: t.admin, body: { value } })).status).toBe(200);
    }
    expect((await gw(`/tenant/options/${category}`, { as: t.admin })).body).toEqual({ mode: 'fast', extra: 'e' });
    expect((await gw('/application/currentApplication/settings', { as: me })).body).toEqual({ mode: 'fast', level: 'low', extra: 'e', 'credentials.token': 's3cret' });
  });

  it('takes the category from the context path, else the name, when the manifest names none', async () => {
    const t = await newTenant();
    const app = await microservice(t.admin);
    const me = credsOf((await bootstrapUser(app.id, t.admin)).body);
    expect((await gw(`/tenant/options/${app.name}/greeting`, { method: 'PUT', as: t.admin, body: { value: 'hi' } })).status).toBe(200);
    expect((await gw('/application/currentApplication/settings', { as: me })).body).toEqual({ greeting: 'hi' });
  });
});

describe('registry: the bootstrap user reaches only its own routes', () => {
  it('may read its tenant, its user and its current application, and gets 403 everywhere else', async () => {
    const t = await newTenant();
    const app = await microservice(t.admin);
    const me = credsOf((await bootstrapUser(app.id, t.admin)).body);
    for (const path of ['/tenant/currentTenant', '/user/currentUser', '/application/currentApplication', '/application/currentApplication/subscriptions', '/application/currentApplication/settings']) {
      expect({ path, status: (await gw(path, { as: me })).status }).toEqual({ path, status: 200 });
    }
    const refused: Array<[string, string, unknown?]> = [
      ['GET', '/application'], ['GET', '/application/applications'], ['GET', `/application/applications/${app.id}`],
      ['GET', `/application/applications/${app.id}/bootstrapUser`], ['GET', `/application/applications/${app.id}/versions`],
      ['GET', `/application/applicationsByName/${app.name}`], ['DELETE', `/application/applications/${app.id}`],
      ['GET', '/tenant/options'], ['GET', `/tenant/options/${app.name}`], ['GET', `/user/${t.id}/users`], ['GET', '/user/roles'],
      ['PUT', '/user/currentUser', { firstName: 'x' }], ['POST', '/user/logout'], ['GET', `/tenant/tenants/${t.id}/applications`],
      ['GET', `/tenant/tenants/${t.id}`], ['POST', `/application/applications/${app.id}/clone`],
    ];
    for (const [method, path, body] of refused) {
      const res = await gw(path, { method, as: me, body });
      expect({ method, path, status: res.status, error: res.body?.error }).toEqual({ method, path, status: 403, error: 'security/Forbidden' });
    }
    expect((await gw(`/application/applications/${app.id}`, { as: t.admin })).status).toBe(200);
  });
});
