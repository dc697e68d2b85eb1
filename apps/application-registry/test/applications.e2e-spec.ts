import { newTenant, TenantHandle } from '@berth/testing';
import { BRAND, call, create, expectError, microservice, READ, unique } from './registry-client';

let T1: TenantHandle;
let T2: TenantHandle;
beforeAll(async () => { [T1, T2] = await Promise.all([newTenant(), newTenant()]); });

describe('registry: one application (create, read, update, delete, clone)', () => {
  it('creates with 201, Location and the owner, and reads it back with 200', async () => {
    const name = unique('web');
    const res = await call('POST', '/application/applications', {
      tenant: T1, body: { name, key: `${name}-key`, type: 'HOSTED', contextPath: name, resourcesUrl: '/', resourcesUsername: 'u', resourcesPassword: 'secret', description: 'd', config: { a: 1 }, manifest: { noAppSwitcher: true, imports: [] } },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toBe(`${BRAND}.application+json;ver=0.9;charset=UTF-8`);
    expect(res.headers.get('location')).toBe(res.body.self);
    expect(res.body).toMatchObject({
      id: expect.stringMatching(/^\d+$/), name, key: `${name}-key`, type: 'HOSTED', availability: 'PRIVATE', contextPath: name,
      resourcesUrl: '/', resourcesUsername: 'u', description: 'd', config: { a: 1 }, manifest: { noAppSwitcher: true, imports: [] },
      owner: { self: expect.stringMatching(new RegExp(`/tenant/tenants/${T1.id}$`)), tenant: { id: T1.id } },
    });
    expect(res.body.self).toMatch(new RegExp(`/application/applications/${res.body.id}$`));
    expect(res.body).not.toHaveProperty('resourcesPassword');
    const got = await call('GET', `/application/applications/${res.body.id}`, { tenant: T1, roles: READ });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
  });

  it('answers microservices with requiredRoles and roles lists, and ignores server-owned fields on POST', async () => {
    const app = await create(T1, { ...microservice(), id: '42', owner: { tenant: { id: T2.id } }, activeVersionId: '9' });
    expect(app).toMatchObject({ requiredRoles: [], roles: [], owner: { tenant: { id: T1.id } } });
    expect(app.id).not.toBe('42');
    expect(app).not.toHaveProperty('activeVersionId');
  });

  it.each([
    ['no name', { key: 'k', type: 'MICROSERVICE' }, /name is required/],
    ['no key', { name: 'n', type: 'MICROSERVICE' }, /key is required/],
    ['no type', { name: 'n', key: 'k' }, /type is required/],
    ['an unknown type', { name: 'n', key: 'k', type: 'WIDGET' }, /type must be one of/],
    ['the seeded FEATURE type', { name: 'n', key: 'k', type: 'FEATURE' }, /type must be one of/],
    ['HOSTED without contextPath', { name: 'n', key: 'k', type: 'HOSTED', resourcesUrl: '/' }, /contextPath is required/],
    ['HOSTED without resourcesUrl', { name: 'n', key: 'k', type: 'HOSTED', contextPath: 'c' }, /resourcesUrl is required/],
    ['EXTERNAL without externalUrl', { name: 'n', key: 'k', type: 'EXTERNAL' }, /externalUrl is required/],
    ['a bad availability', { name: 'n', key: 'k', type: 'MICROSERVICE', availability: 'PUBLIC' }, /availability/],
    ['a non-object body', ['x'], /JSON object/],
    ['an internal field', { name: 'n', key: 'k', type: 'MICROSERVICE', _outbox: [] }, /valid field name/],
  ])('refuses a POST with %s: 422', async (_case, body, message) => {
    expectError(await call('POST', '/application/applications', { tenant: T1, body }), 422, 'applications/Unprocessable Entity', message);
  });

  it('refuses malformed JSON with 400, and a PUT without a body with 422', async () => {
    expectError(await call('POST', '/application/applications', { tenant: T1, rawBody: '{"name":' }), 400, 'general/Bad Request');
    const app = await create(T1, microservice());
    expectError(await call('PUT', `/application/applications/${app.id}`, { tenant: T1 }), 422, 'applications/Unprocessable Entity');
  });

  it('refuses a duplicate name, key or contextPath with 409 applications/Duplicate, across tenants, saying only that the value is taken', async () => {
    const name = unique('dup');
    const taken = await create(T1, { name, key: `${name}-key`, type: 'HOSTED', contextPath: `${name}-path`, resourcesUrl: '/' });
    const mine = await create(T2, { name: unique('e'), key: unique('k'), type: 'EXTERNAL', externalUrl: 'https://example.com' });
    for (const [field, body] of [
      ['name', { name, key: unique('k'), type: 'MICROSERVICE' }],
      ['key', { name: unique('n'), key: `${name}-key`, type: 'MICROSERVICE' }],
      ['contextPath', { name: unique('n'), key: unique('k'), type: 'HOSTED', contextPath: `${name}-path`, resourcesUrl: '/' }],
    ] as const) {
      const value = (body as Record<string, string>)[field];
      // T1's application is PRIVATE: the answer names neither it nor its tenant, only the value sent.
      for (const res of [
        await call('POST', '/application/applications', { tenant: T2, body }),
        await call('PUT', `/application/applications/${mine.id}`, { tenant: T2, body: { [field]: value } }),
      ]) {
        expectError(res, 409, 'applications/Duplicate');
        expect(res.body.message).toBe(`The ${field} "${value}" is taken`);
        expect(JSON.stringify(res.body)).not.toContain(T1.id);
        expect(JSON.stringify(res.body)).not.toContain(taken.id);
      }
    }
  });

  it('updates only the fields sent, removes those sent as null, ignores read-only ones, and answers 200', async () => {
    const app = await create(T1, { ...microservice(), description: 'old', config: { a: 1 } });
    const res = await call('PUT', `/application/applications/${app.id}`, {
      tenant: T1, body: { availability: 'MARKET', description: null, id: 'x', owner: { tenant: { id: T2.id } }, self: 'http://elsewhere' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(`${BRAND}.application+json;ver=0.9;charset=UTF-8`);
    expect(res.body).toMatchObject({ id: app.id, name: app.name, availability: 'MARKET', config: { a: 1 }, owner: { tenant: { id: T1.id } } });
    expect(res.body).not.toHaveProperty('description');
    const got = await call('GET', `/application/applications/${app.id}`, { tenant: T1 });
    expect(got.body).toEqual(res.body);
  });

  it('accepts the fetched resource PUT back unchanged (type and all)', async () => {
    const app = await create(T1, microservice());
    const res = await call('PUT', `/application/applications/${app.id}`, { tenant: T1, body: app });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(app);
  });

  it.each([
    ['a change of type', { type: 'EXTERNAL' }, /type cannot be changed/],
    ['removing the name', { name: null }, /name cannot be removed/],
    ['a sub-resource', { applicationVersions: [{ version: '1' }] }, /sub-resource/],
    ['a non-object body', 'x', /JSON object/],
    ['a bad availability', { availability: 'EVERYONE' }, /availability/],
  ])('refuses a PUT with %s: 422', async (_case, body, message) => {
    const app = await create(T1, microservice());
    expectError(await call('PUT', `/application/applications/${app.id}`, { tenant: T1, body }), 422, 'applications/Unprocessable Entity', message);
  });

  it('refuses a PUT removing a HOSTED application\'s contextPath with 409 (its stored type needs it), and a rename onto a taken name with 409', async () => {
    const name = unique('h');
    const app = await create(T1, { name, key: `${name}-key`, type: 'HOSTED', contextPath: name, resourcesUrl: '/' });
    expectError(await call('PUT', `/application/applications/${app.id}`, { tenant: T1, body: { contextPath: null } }), 409, 'applications/Update Conflict', /contextPath cannot be removed/);
    const other = await create(T1, { name: unique('e'), key: unique('k'), type: 'EXTERNAL', externalUrl: 'https://example.com' });
    expectError(await call('PUT', `/application/applications/${other.id}`, { tenant: T1, body: { name } }), 409, 'applications/Duplicate');
  });

  it('answers a PUT or POST without Accept with an empty body, keeping the status and Location', async () => {
    const res = await call('POST', '/application/applications', { tenant: T1, body: microservice(), headers: { accept: '' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toMatch(/\/application\/applications\/\d+$/);
  });

  it('deletes a PRIVATE application with 204; then it is 404 applications/Not Found', async () => {
    const app = await create(T1, microservice());
    const res = await call('DELETE', `/application/applications/${app.id}`, { tenant: T1 });
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    expectError(await call('GET', `/application/applications/${app.id}`, { tenant: T1 }), 404, 'applications/Not Found');
    expectError(await call('DELETE', `/application/applications/${app.id}`, { tenant: T1 }), 404, 'applications/Not Found');
    expectError(await call('PUT', `/application/applications/${app.id}`, { tenant: T1, body: {} }), 404, 'applications/Not Found');
  });

  it('deletes a MARKET application without subscribers', async () => {
    const app = await create(T1, microservice({ availability: 'MARKET' }));
    expect((await call('DELETE', `/application/applications/${app.id}`, { tenant: T1 })).status).toBe(204);
  });

  it('refuses force values other than true or false with 422', async () => {
    const app = await create(T1, microservice());
    expectError(await call('DELETE', `/application/applications/${app.id}?force=yes`, { tenant: T1 }), 422, 'applications/Unprocessable Entity');
  });
});
