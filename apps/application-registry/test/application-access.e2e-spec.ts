import { managementTenant, newTenant, TenantHandle } from '@berth/testing';
import { call, create, expectError, microservice, READ, unique, userName, userWith } from './registry-client';

let T1: TenantHandle;
let T2: TenantHandle;
beforeAll(async () => { [T1, T2] = await Promise.all([newTenant(), newTenant()]); });

describe('registry: visibility and roles', () => {
  it('hides another tenant\'s PRIVATE application and its MARKET ones (offered to its subtenants only) with 404; shows the management tenant\'s MARKET ones', async () => {
    const priv = await create(T1, microservice());
    const market = await create(T1, microservice({ availability: 'MARKET' }));
    for (const hidden of [priv, market]) {
      expectError(await call('GET', `/application/applications/${hidden.id}`, { tenant: T2 }), 404, 'applications/Not Found');
      expectError(await call('PUT', `/application/applications/${hidden.id}`, { tenant: T2, body: {} }), 404, 'applications/Not Found');
      expectError(await call('POST', `/application/applications/${hidden.id}/clone`, { tenant: T2 }), 404, 'applications/Not Found');
    }
    expect((await call('GET', `/application/applications/${market.id}`, { tenant: T1, roles: READ })).status).toBe(200);
    const offered = await create(managementTenant(), microservice({ availability: 'MARKET' }));
    expect((await call('GET', `/application/applications/${offered.id}`, { tenant: T2, roles: READ })).status).toBe(200);
  });

  it('lets only the owner update or delete: 403 security/Forbidden for others', async () => {
    const market = await create(managementTenant(), microservice({ availability: 'MARKET' }));
    expectError(await call('PUT', `/application/applications/${market.id}`, { tenant: T2, body: { description: 'x' } }), 403, 'security/Forbidden');
    expectError(await call('DELETE', `/application/applications/${market.id}`, { tenant: T2 }), 403, 'security/Forbidden');
  });

  it('checks roles per row, in both spellings', async () => {
    const app = await create(T1, microservice());
    expectError(await call('GET', '/application/applications', { tenant: T1, principal: false }), 401, 'security/Unauthorized');
    expectError(await call('GET', '/application/applications', { tenant: T1, roles: ['ROLE_Application_READ'] }), 403, 'security/Forbidden');
    expectError(await call('GET', `/application/applications/${app.id}`, { tenant: T1, roles: [] }), 403, 'security/Forbidden');
    for (const path of ['applicationsByName/x', 'applicationsByOwner/x', 'applicationsByTenant/x']) {
      expectError(await call('GET', `/application/${path}`, { tenant: T1, roles: ['ROLE_Application_READ'] }), 403, 'security/Forbidden');
    }
    expectError(await call('POST', '/application/applications', { tenant: T1, roles: READ, body: microservice() }), 403, 'security/Forbidden');
    expectError(await call('PUT', `/application/applications/${app.id}`, { tenant: T1, roles: READ, body: {} }), 403, 'security/Forbidden');
    expectError(await call('DELETE', `/application/applications/${app.id}`, { tenant: T1, roles: READ }), 403, 'security/Forbidden');
    expectError(await call('POST', `/application/applications/${app.id}/clone`, { tenant: T1, roles: READ }), 403, 'security/Forbidden');
    expect((await call('POST', '/application/applications', { tenant: T1, roles: ['ROLE_APPLICATION_MANAGMENT_ADMIN'], body: microservice() })).status).toBe(201);
    expect((await call('POST', '/application/applications', { tenant: T1, roles: ['ROLE_APPLICATION_MANAGEMENT_ADMIN'], body: microservice() })).status).toBe(201);
    const reader = userName(await userWith(T1, ['ROLE_Application_READ']));
    expect((await call('GET', `/application/applicationsByUser/${reader}`, { tenant: T1, roles: ['ROLE_Application_READ'] })).status).toBe(200);
  });

  it('requires an application role for the discovery resource GET /application', async () => {
    expect((await call('GET', '/application', { tenant: T1, roles: ['ROLE_Application_READ'] })).status).toBe(200);
    expectError(await call('GET', '/application', { tenant: T1, roles: ['ROLE_SMS_READ'] }), 403, 'security/Forbidden');
    expectError(await call('GET', '/application', { tenant: T1, principal: false }), 401, 'security/Unauthorized');
  });
});

describe('registry: clone', () => {
  it('copies every property into the caller\'s tenant under clone-prefixed names, numbering when taken', async () => {
    const name = unique('src');
    const source = await create(managementTenant(), {
      name, key: `${name}-key`, type: 'HOSTED', contextPath: name, resourcesUrl: '/', availability: 'MARKET', description: 'd', config: { c: 1 }, resourcesPassword: 'p',
    });
    const first = await call('POST', `/application/applications/${source.id}/clone`, { tenant: T2 });
    expect(first.status).toBe(201);
    expect(first.headers.get('location')).toBe(first.body.self);
    expect(first.body).toMatchObject({
      name: `clone${name}`, key: `clone${name}-key`, contextPath: `clone${name}`, type: 'HOSTED', resourcesUrl: '/',
      availability: 'MARKET', description: 'd', config: { c: 1 }, owner: { tenant: { id: T2.id } },
    });
    expect(first.body.id).not.toBe(source.id);
    expect(first.body).not.toHaveProperty('resourcesPassword');
    const second = await call('POST', `/application/applications/${source.id}/clone`, { tenant: T2 });
    expect(second.body).toMatchObject({ name: `clone${name}1`, key: `clone${name}-key1`, contextPath: `clone${name}1` });
    expect((await call('GET', `/application/applications/${second.body.id}`, { tenant: T2 })).status).toBe(200);
  });
});

describe('registry: processing modes', () => {
  const mode = (value: string) => ({ 'X-Cumulocity-Processing-Mode': value });

  it('TRANSIENT answers a create without storing it', async () => {
    const res = await call('POST', '/application/applications', { tenant: T1, body: microservice(), headers: mode('TRANSIENT') });
    expect(res.status).toBe(201);
    expect(res.body.id).toMatch(/^\d+$/);
    expectError(await call('GET', `/application/applications/${res.body.id}`, { tenant: T1 }), 404, 'applications/Not Found');
  });

  it('TRANSIENT answers an update and a delete without storing them', async () => {
    const app = await create(T1, microservice({ description: 'kept' }));
    const put = await call('PUT', `/application/applications/${app.id}`, { tenant: T1, body: { description: 'new' }, headers: mode('transient') });
    expect(put.body.description).toBe('new');
    expect((await call('GET', `/application/applications/${app.id}`, { tenant: T1 })).body.description).toBe('kept');
    expect((await call('DELETE', `/application/applications/${app.id}`, { tenant: T1, headers: mode('TRANSIENT') })).status).toBe(204);
    expect((await call('GET', `/application/applications/${app.id}`, { tenant: T1 })).status).toBe(200);
  });

  it('TRANSIENT still refuses a duplicate with 409', async () => {
    const app = await create(T1, microservice());
    expectError(await call('POST', '/application/applications', { tenant: T1, body: { ...microservice(), name: app.name }, headers: mode('TRANSIENT') }), 409, 'applications/Duplicate');
  });

  it.each(['QUIESCENT', 'CEP'])('%s acts as PERSISTENT', async (value) => {
    const res = await call('POST', '/application/applications', { tenant: T1, body: microservice(), headers: mode(value) });
    expect(res.status).toBe(201);
    expect((await call('GET', `/application/applications/${res.body.id}`, { tenant: T1 })).status).toBe(200);
  });

  it('refuses an unknown processing mode with 422', async () => {
    const res = await call('POST', '/application/applications', { tenant: T1, body: microservice(), headers: mode('LOUD') });
    expect(res.status).toBe(422);
  });
});
