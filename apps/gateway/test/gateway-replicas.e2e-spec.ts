import {
  admin, BRAND, ExtraApp, gw, listsApplication, manifestZip, microserviceFields, newApplication, newPassword, newTenant, newUser,
  registryApplicationsOf, removeStackContainers, subscribeTenant, TenantHandle, testStack, uploadZip,
} from '@berth/testing';
import { startReplicaGateway } from './replica-gateway';

/**
 * Two gateways of one stack behave as one (docs/consistency.md, docs/operations/index.md#scaling):
 * a write answered by gateway A is applied by the very next request through gateway B, even where
 * B had cached what the write changed. Every step runs once, right after the previous one: no
 * waits, no retries. Rate limits are the exception the docs name: each gateway holds a tenant to
 * its limit on its own (docs/api/conventions.md#rate-limits).
 */
describe('gateway replicas: a write through one is applied at once by the other', () => {
  let replica: ExtraApp;
  let tenant: TenantHandle;
  /** Gateway A, the stack's own, and gateway B, a second replica of it. */
  const A = () => testStack.gatewayUrl;
  const B = () => replica.url;

  beforeAll(async () => {
    replica = await startReplicaGateway('replicas');
    tenant = await newTenant();
  }, 90_000);

  afterAll(async () => {
    await replica?.stop();
    await removeStackContainers(testStack.dbPrefix);
  }, 60_000);

  it('(a) a password changed through A is refused by B at once, where B had cached the old one', async () => {
    const user = await newUser(tenant, []);
    expect((await gw('/user/currentUser', { as: user, gateway: B() })).status).toBe(200);
    const next = newPassword();
    const changed = await gw('/user/currentUser', { method: 'PUT', as: user, body: { password: next, currentUserPassword: user[1] }, gateway: A() });
    expect(changed.status).toBe(200);

    const old = await gw('/user/currentUser', { as: user, gateway: B() });
    expect(old.status).toBe(401);
    expect(old.body).toMatchObject({ error: 'security/Unauthorized' });
    expect((await gw('/user/currentUser', { as: [user[0], next], gateway: B() })).status).toBe(200);
  });

  it('(b) a token revoked by logout through A is refused by B at once, where B had cached it', async () => {
    const [login, password] = await newUser(tenant, []);
    const issued = await fetch(`${A()}/tenant/oauth/token?tenant_id=${tenant.id}`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'PASSWORD', username: login.split('/')[1], password }).toString(),
    });
    expect(issued.status).toBe(200);
    const bearer = { authorization: `Bearer ${((await issued.json()) as { access_token: string }).access_token}` };
    expect((await gw('/user/currentUser', { headers: bearer, gateway: B() })).status).toBe(200);

    expect((await gw('/user/logout', { method: 'POST', headers: bearer, gateway: A() })).status).toBe(204);

    const refused = await gw('/user/currentUser', { headers: bearer, gateway: B() });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ error: 'security/Unauthorized' });
  });

  it('(c) a role given and taken through A is applied by B at once, where B had cached the user\'s roles', async () => {
    const user = await newUser(tenant, []);
    const name = user[0].split('/')[1];
    const users = `/user/${tenant.id}/users`;
    expect((await gw(users, { as: user, gateway: B() })).status).toBe(403);

    const given = await gw(`${users}/${name}/roles`, { method: 'POST', as: tenant.admin, body: { role: { id: 'ROLE_USER_MANAGEMENT_READ' } }, gateway: A() });
    expect(given.status).toBe(201);
    expect((await gw(users, { as: user, gateway: B() })).status).toBe(200);

    expect((await gw(`${users}/${name}/roles/ROLE_USER_MANAGEMENT_READ`, { method: 'DELETE', as: tenant.admin, gateway: A() })).status).toBe(204);
    const refused = await gw(users, { as: user, gateway: B() });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'security/Forbidden' });
  });

  it('(d) a subscription made through A is listed by B, and its service user calls through B, at once', async () => {
    const app = await newApplication(admin(), microserviceFields({ availability: 'MARKET' }));
    expect((await uploadZip(app.id, admin(), manifestZip(app.name))).status).toBe(201);
    const boot = await gw(`/application/applications/${app.id}/bootstrapUser`, { as: admin() });
    expect(boot.status).toBe(200);

    expect((await subscribeTenant(tenant.id, app.id, tenant.admin, A())).status).toBe(201);

    const listed = await registryApplicationsOf(tenant.id, tenant.admin, B());
    expect(listed.status).toBe(200);
    expect(listsApplication(listed, app.id)).toBe(true);
    const subscriptions = await gw('/application/currentApplication/subscriptions', { as: [`${boot.body.tenant}/${boot.body.name}`, boot.body.password], gateway: B() });
    expect(subscriptions.status).toBe(200);
    const serviceUser = (subscriptions.body.users as { tenant: string; name: string; password: string }[]).find((u) => u.tenant === tenant.id);
    expect(serviceUser).toBeDefined();
    const asService: [string, string] = [`${serviceUser!.tenant}/${serviceUser!.name}`, serviceUser!.password];
    const current = await gw('/tenant/currentTenant', { as: asService, gateway: B() });
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ name: tenant.id });
  });

  it('(e) a rate limit written through A holds on B at once, and each gateway holds the tenant to it on its own', async () => {
    const limited = await newTenant();
    // One token that refills after 1,000 s and no queue: the second request through the same gateway is refused.
    for (const [key, value] of [['requests.per.second', '0.001'], ['queue.length', '0']]) {
      expect((await gw(`/tenant/tenants/${limited.id}/options/rate.limit/${key}`, { method: 'PUT', as: admin(), body: { value }, gateway: A() })).status).toBe(200);
    }

    expect((await gw('/tenant/currentTenant', { as: limited.admin, gateway: A() })).status).toBe(200);
    const refusedByA = await gw('/tenant/currentTenant', { as: limited.admin, gateway: A() });
    expect(refusedByA.status).toBe(429);
    expect(refusedByA.headers.get('content-type')).toBe(`${BRAND}.error+json;ver=0.9;charset=UTF-8`);
    expect(refusedByA.body).toMatchObject({ error: 'general/Too Many Requests' });

    // B has its own token for the tenant: A's spent one does not count there (limits are per replica)…
    expect((await gw('/tenant/currentTenant', { as: limited.admin, gateway: B() })).status).toBe(200);
    // …and B applies the same limit, written through A, from its first request.
    const refusedByB = await gw('/tenant/currentTenant', { as: limited.admin, gateway: B() });
    expect(refusedByB.status).toBe(429);
    expect(refusedByB.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
  });
});
