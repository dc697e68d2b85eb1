import { Topics } from '@berth/contracts';
import { admin, BRAND, consumedBy, gw, newTenant } from '@berth/testing';
import {
  currentSubscriptions, currentSubscriptionsOfUnknown, eventually, expectError, knownApplication, knownId, microservice, post, storedSubscription, subscribe,
  subscribedIds, unique, unsubscribe, uploadBinary,
} from './subscription-client';

const REF = `${BRAND}.applicationReference+json`;

// A fresh stack's consumers first join their groups and replay the topics; wait until the subscription app knows a new application.
beforeAll(async () => {
  const app = await microservice();
  const first = await eventually(() => subscribe('management', app.id, admin()), (r) => r.status !== 404, 60000);
  expect(first.status).toBe(201);
  expect((await unsubscribe('management', app.id, admin())).status).toBe(204);
}, 90000);

describe('subscription: POST, GET and DELETE /tenant/tenants/{tenant}/applications', () => {
  it('accepts each body shape, answers the reference with Location, lists and unsubscribes', async () => {
    const t = await newTenant();
    const [a, b, c] = [await microservice(), await microservice(), await microservice()];
    const bodies = [
      { app: a, body: { application: { id: a.id } }, type: REF },
      { app: b, body: { application: { self: b.self } }, type: `${REF};ver=0.9;charset=UTF-8` },
      { app: c, body: { application: { id: c.id, self: c.self } }, type: 'application/json' },
    ];
    for (const { app, body, type } of bodies) {
      const res = await post(`/tenant/tenants/${t.id}/applications`, body, t.admin, type);
      expect(res.status).toBe(201);
      expect(res.headers.get('content-type')).toBe(`${REF};ver=0.9;charset=UTF-8`);
      expect(res.body).toMatchObject({
        self: expect.stringMatching(new RegExp(`/tenant/tenants/${t.id}/applications/${app.id}$`)),
        application: { id: app.id, name: app.name, type: 'MICROSERVICE', self: app.self, owner: { tenant: { id: 'management' } } },
      });
      expect(res.headers.get('location')).toBe(res.body.self);
    }
    expect((await subscribedIds(t.id)).sort()).toEqual([a.id, b.id, c.id].sort());
    const page = await gw(`/tenant/tenants/${t.id}/applications?pageSize=1&withTotalPages=true`, { as: t.admin });
    expect(page.body).toMatchObject({ statistics: { pageSize: 1, currentPage: 1, totalPages: 3 }, next: expect.stringContaining('currentPage=2') });
    expect(page.body.references).toHaveLength(1);
    expect((await unsubscribe(t.id, b.id, t.admin)).status).toBe(204);
    expectError(await unsubscribe(t.id, b.id, t.admin), 404, 'applications/Not Found');
    expect((await subscribedIds(t.id)).sort()).toEqual([a.id, c.id].sort());
    const registry = await eventually(() => gw(`/application/applicationsByTenant/${t.id}?pageSize=100`, { as: t.admin }), (r) => r.body?.applications?.length === 2, 10000);
    expect(registry.body.applications.map((x: { id: string }) => x.id).sort()).toEqual([a.id, c.id].sort());
  });

  it('refuses with the status and error resource each case calls for', async () => {
    const [t, other] = [await newTenant(), await newTenant()];
    const market = await microservice();
    const privateApp = await microservice(other.admin, { availability: 'PRIVATE' });
    expect((await subscribe(t.id, market.id, t.admin)).status).toBe(201);
    expectError(await subscribe(t.id, market.id, t.admin), 409, 'applications/Duplicate');
    expectError(await subscribe('tnotthere', market.id, admin()), 404, 'tenants/Not Found');
    expectError(await subscribe(t.id, '99999999999999999', t.admin), 404, 'applications/Not Found');
    expect((await subscribe(other.id, privateApp.id, other.admin)).status).toBe(201);
    // Another tenant's PRIVATE application, known to the subscription app (its owner just subscribed): 404, as the registry's GET answers.
    const hidden = await subscribe(t.id, privateApp.id, t.admin);
    expectError(hidden, 404, 'applications/Not Found');
    const got = await gw(`/application/applications/${privateApp.id}`, { as: t.admin });
    expect({ status: hidden.status, error: hidden.body.error, message: hidden.body.message }).toEqual({ status: got.status, error: got.body.error, message: got.body.message });
    expectError(await subscribe(other.id, market.id, t.admin), 403, 'security/Forbidden');
    expectError(await unsubscribe(t.id, market.id, other.admin), 403, 'security/Forbidden');
    expectError(await post(`/tenant/tenants/${t.id}/applications`, { application: {} }, t.admin), 422, 'applications/Unprocessable Entity');
    expect((await subscribe(other.id, market.id, admin())).status).toBe(201);
    expect((await gw(`/tenant/tenants/${t.id}/applications`, { as: other.admin })).status).toBe(403);
  });

  it('checks dependencies on subscribe and on unsubscribe, naming the missing piece', async () => {
    const t = await newTenant();
    const [cep, cepSmall, smartrule, custom] = await Promise.all(['cep', 'cep-small', 'smartrule', 'feature-cep-custom-rules'].map(knownId));
    expectError(await subscribe(t.id, smartrule, t.admin), 409, 'applications/Update Conflict', /smartrule needs a subscription to one of cep, cep-small/);
    expectError(await subscribe(t.id, custom, t.admin), 409, 'applications/Update Conflict', /feature-cep-custom-rules needs a subscription to cep-small/);
    expect((await subscribe(t.id, cep, t.admin)).status).toBe(201);
    expect((await subscribe(t.id, smartrule, t.admin)).status).toBe(201);
    expectError(await unsubscribe(t.id, cep, t.admin), 409, 'applications/Update Conflict', /smartrule needs a subscription to one of cep, cep-small/);
    expect((await subscribe(t.id, cepSmall, t.admin)).status).toBe(201);
    expect((await unsubscribe(t.id, cep, t.admin)).status).toBe(204);
    expect((await subscribe(t.id, custom, t.admin)).status).toBe(201);
    expectError(await unsubscribe(t.id, cepSmall, t.admin), 409, 'applications/Update Conflict', /smartrule/);
  });

  it('TRANSIENT answers 201 without storing; QUIESCENT stores', async () => {
    const t = await newTenant();
    const [x, y] = [await microservice(), await microservice()];
    expect((await subscribe(t.id, x.id, t.admin, { 'X-Cumulocity-Processing-Mode': 'TRANSIENT' })).status).toBe(201);
    expect((await subscribe(t.id, y.id, t.admin, { 'X-Cumulocity-Processing-Mode': 'QUIESCENT' })).status).toBe(201);
    expect(await subscribedIds(t.id)).toEqual([y.id]);
  });
});

describe('subscription: service users and currentApplication/subscriptions', () => {
  it('gives the microservice the service user of each subscribed tenant on its next read, and takes it back on unsubscribe', async () => {
    const [t1, t2] = [await newTenant(), await newTenant()];
    const app = await microservice();
    const listed = (body: { users: Array<{ tenant: string }> }) => body.users.map((u) => u.tenant).sort();
    expect((await currentSubscriptions(app)).body.users).toEqual([]);

    for (const t of [t1, t2]) {
      expect((await subscribe(t.id, app.id, t.admin)).status).toBe(201);
      // Read-your-writes (docs/consistency.md): the read after the subscribe's 2xx lists the new service user, without a retry.
      const seen = await currentSubscriptions(app);
      expect(listed(seen.body)).toContain(t.id);
      expect(seen.headers.get('content-type')).toBe(`${BRAND}.applicationUserCollection+json;ver=0.9;charset=UTF-8`);
    }
    const row12 = await currentSubscriptions(app);
    expect(listed(row12.body)).toEqual([t1.id, t2.id].sort());
    expect(row12.body).toMatchObject({ self: expect.stringMatching(/\/application\/currentApplication\/subscriptions$/), statistics: { currentPage: 1 } });
    const user = row12.body.users.find((u: { tenant: string }) => u.tenant === t1.id);
    expect(user).toEqual({ tenant: t1.id, name: `service_${app.name}`, password: expect.any(String) });
    const stored = await storedSubscription(t1.id, app.id);
    expect(stored?.servicePassword).toMatch(/^gcm1\./);
    expect(JSON.stringify(stored)).not.toContain(user.password);

    const me = await gw('/user/currentUser', { as: [`${t1.id}/service_${app.name}`, user.password] });
    expect(me.status).toBe(200);
    expect(me.body.userName).toBe(`service_${app.name}`);
    expect(me.body.effectiveRoles.map((r: { id: string }) => r.id)).toContain('ROLE_INVENTORY_READ');

    expect((await unsubscribe(t1.id, app.id, t1.admin)).status).toBe(204);
    const after = await currentSubscriptions(app);
    expect(listed(after.body)).toEqual([t2.id]);
    const refused = await eventually(() => gw('/user/currentUser', { as: [`${t1.id}/service_${app.name}`, user.password] }), (r) => r.status === 401, 5000);
    expect(refused.status).toBe(401);
  });

  it('keeps the state of the last of 100 alternating unsubscribe/subscribe calls on one pair, in both stores and the service user', async () => {
    const t = await newTenant();
    const app = await microservice();
    expect((await subscribe(t.id, app.id, t.admin)).status).toBe(201);
    for (let i = 0; i < 100; i++) {
      const res = i % 2 === 0 ? await unsubscribe(t.id, app.id, t.admin) : await subscribe(t.id, app.id, t.admin);
      expect(res.status).toBe(i % 2 === 0 ? 204 : 201);
    }
    expect(await subscribedIds(t.id)).toEqual([app.id]);
    expect((await storedSubscription(t.id, app.id))?.version).toBe(101);
    const registry = await eventually(() => gw(`/application/applicationsByTenant/${t.id}`, { as: t.admin }), (r) => r.body?.applications?.length === 1, 15000);
    expect(registry.body.applications.map((a: { id: string }) => a.id)).toEqual([app.id]);
    const row12 = await eventually(() => currentSubscriptions(app), (r) => r.body.users.length === 1 && r.body.users[0].tenant === t.id, 15000);
    // Every reaction to the 101 calls is done: tenant-options has handled them, and the subscription app the user events it answered with.
    await consumedBy('tenant-options', [Topics.subscriptionEvents]);
    await consumedBy('subscription', [Topics.userEvents]);
    expect((await currentSubscriptions(app)).body.users).toEqual(row12.body.users);
    expect((await gw('/user/currentUser', { as: [`${t.id}/service_${app.name}`, row12.body.users[0].password] })).status).toBe(200);
  }, 60000);

  it('gives the service user the requiredRoles of an uploaded binary\'s manifest (ApplicationVersionActivated)', async () => {
    const t = await newTenant();
    const app = await microservice(admin(), { requiredRoles: [] });
    expect(await uploadBinary(app.id, { apiVersion: '1', version: '1.0.0', isolation: 'PER_TENANT', requiredRoles: ['ROLE_ALARM_READ', 'ROLE_EVENT_READ'] })).toBe(201);
    const known = await eventually(() => knownApplication(app.id), (row) => row?.manifestVersion === '1.0.0', 10000);
    expect(known).toMatchObject({ requiredRoles: ['ROLE_ALARM_READ', 'ROLE_EVENT_READ'], isolation: 'PER_TENANT', manifestVersion: '1.0.0' });
    expect((await subscribe(t.id, app.id, t.admin)).status).toBe(201);
    const row12 = await eventually(() => currentSubscriptions(app), (r) => r.body.users.length === 1, 5000);
    const me = await gw('/user/currentUser', { as: [`${t.id}/service_${app.name}`, row12.body.users[0].password] });
    expect(me.status).toBe(200);
    expect(me.body.effectiveRoles.map((r: { id: string }) => r.id).sort()).toEqual(['ROLE_ALARM_READ', 'ROLE_EVENT_READ']);
  });

  it('makes the roles an uploaded manifest defines assignable in a subscribed tenant, and not once unsubscribed', async () => {
    const t = await newTenant();
    const app = await microservice(admin(), { requiredRoles: [] });
    const role = `ROLE_${unique('HELLO').toUpperCase().replace(/[^A-Z0-9]/g, '_')}_READ`;
    expect(await uploadBinary(app.id, { apiVersion: '1', version: '1.0.0', roles: [role] })).toBe(201);
    await eventually(() => knownApplication(app.id), (row) => row?.manifestVersion === '1.0.0', 10000);
    const assign = () => gw(`/user/${t.id}/users/boss/roles`, { method: 'POST', as: t.admin, body: { role: { id: role } } });
    expect((await assign()).status).toBe(422);
    expect((await subscribe(t.id, app.id, t.admin)).status).toBe(201);
    expect((await eventually(assign, (r) => r.status === 201, 5000)).status).toBe(201);
    expect((await gw(`/user/${t.id}/users/boss/roles/${role}`, { method: 'DELETE', as: t.admin })).status).toBe(204);
    expect((await unsubscribe(t.id, app.id, t.admin)).status).toBe(204);
    expect((await eventually(assign, (r) => r.status === 422, 5000)).status).toBe(422);
  });

  it('answers currentApplication/subscriptions only to the bootstrap user', async () => {
    expectError(await gw('/application/currentApplication/subscriptions', { as: admin() }), 403, 'security/Forbidden');
    expectError(await currentSubscriptionsOfUnknown('management', unique('nope')), 404, 'applications/Not Found');
  });
});

describe('subscription: cascades', () => {
  it('a deleted tenant loses its subscriptions and service users', async () => {
    const t = await newTenant();
    const app = await microservice();
    expect((await subscribe(t.id, app.id, t.admin)).status).toBe(201);
    await eventually(() => currentSubscriptions(app), (r) => r.body.users.length === 1, 3000);
    expect((await gw(`/tenant/tenants/${t.id}`, { method: 'DELETE', as: admin() })).status).toBe(204);
    const after = await eventually(() => currentSubscriptions(app), (r) => r.body.users.length === 0, 10000);
    expect(after.body.users).toEqual([]);
    expect(await subscribedIds(t.id)).toEqual([]);
  });

  it('a force-deleted application loses every subscriber, whose service users go too', async () => {
    const [t1, t2] = [await newTenant(), await newTenant()];
    const app = await microservice();
    for (const t of [t1, t2]) expect((await subscribe(t.id, app.id, t.admin)).status).toBe(201);
    const row12 = await eventually(() => currentSubscriptions(app), (r) => r.body.users.length === 2, 3000);
    await eventually(() => gw(`/application/applicationsByTenant/${t2.id}`, { as: t2.admin }), (r) => r.body?.applications?.length === 1, 10000);
    expect((await gw(`/application/applications/${app.id}`, { method: 'DELETE', as: admin() })).status).toBe(409);
    expect((await gw(`/application/applications/${app.id}?force=true`, { method: 'DELETE', as: admin() })).status).toBe(204);
    for (const t of [t1, t2]) {
      expect((await eventually(() => subscribedIds(t.id), (ids) => ids.length === 0, 10000))).toEqual([]);
      const user = row12.body.users.find((u: { tenant: string }) => u.tenant === t.id);
      const login = await eventually(() => gw('/user/currentUser', { as: [`${t.id}/service_${app.name}`, user.password] }), (r) => r.status === 401, 10000);
      expect(login.status).toBe(401);
    }
  });
});
