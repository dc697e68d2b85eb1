import { randomUUID } from 'node:crypto';
import { admin, BRAND, eventually, gw, newTenant, testStack } from '@berth/testing';
import { withOptionsCollection } from './options-fixture';

const pw = () => `Pw-${randomUUID()}`;

describe('tenants (management tenant only)', () => {
  it('creates a tenant with a generated id and its admin, who holds the tenant admin roles but not tenant management', async () => {
    const t = await newTenant();
    expect(t.id).toMatch(/^t\d{8}$/);
    const got = await gw(`/tenant/tenants/${t.id}`, { as: admin() });
    expect(got).toMatchObject({ status: 200, body: { id: t.id, domain: t.domain, adminName: 'boss', status: 'ACTIVE' } });
    expect(JSON.stringify(got.body)).not.toContain(t.admin[1]);
    const me = await gw('/user/currentUser', { as: t.admin });
    const roles = me.body.effectiveRoles.map((r: { id: string }) => r.id);
    expect(roles).toEqual(expect.arrayContaining(['ROLE_USER_MANAGEMENT_ADMIN', 'ROLE_APPLICATION_MANAGMENT_ADMIN', 'ROLE_OPTION_MANAGEMENT_ADMIN']));
    expect(roles).not.toContain('ROLE_TENANT_MANAGEMENT_ADMIN');
    expect((await gw('/tenant/tenants', { as: t.admin })).status).toBe(403);
  });

  it('refuses bad input: a missing domain or admin, a weak admin password, a taken domain', async () => {
    const base = { domain: `e2e-${randomUUID().slice(0, 8)}.example.com`, adminName: 'boss', adminPass: pw() };
    const bad = [
      { ...base, domain: undefined }, { ...base, domain: 'not a domain' }, { ...base, adminName: undefined }, { ...base, adminPass: 'short' },
      { ...base, company: ' ' }, { ...base, adminEmail: 'x'.repeat(1001) },
    ];
    for (const body of bad) {
      const res = await gw('/tenant/tenants', { method: 'POST', as: admin(), body });
      expect(res.status).toBe(422);
      expect(res.body.error).toBe(body.adminPass === 'short' ? 'users/Invalid Data' : 'tenants/Invalid Data');
    }
    expect((await gw('/tenant/tenants', { method: 'POST', as: admin(), body: { ...base, domain: base.domain.toUpperCase() } })).status).toBe(201);
    expect(await gw('/tenant/tenants', { method: 'POST', as: admin(), body: base })).toMatchObject({ status: 409, body: { error: 'tenants/Duplicate' } });
  });

  it('lists tenants in pages, and deleting one stops its users at once and removes them', async () => {
    const t = await newTenant();
    const page = await gw('/tenant/tenants?pageSize=2&withTotalPages=true', { as: admin() });
    expect(page.body.statistics).toMatchObject({ pageSize: 2, currentPage: 1, totalPages: expect.any(Number) });
    expect((await gw('/user/currentUser', { as: t.admin })).status).toBe(200);
    expect((await gw(`/tenant/tenants/${t.id}`, { method: 'DELETE', as: admin() })).status).toBe(204);
    expect((await gw('/user/currentUser', { as: t.admin })).status).toBe(401);
    expect((await gw(`/tenant/tenants/${t.id}`, { as: admin() })).status).toBe(404);
    expect(await gw(`/user/${t.id}/users`, { as: admin() })).toMatchObject({ status: 404, body: { error: 'tenants/Not Found' } });
    const stored = () => withOptionsCollection((users) => users.countDocuments({ tenant: t.id }), 'users');
    expect(await eventually(stored, (count) => count === 0, 15000)).toBe(0);
    expect((await gw('/tenant/tenants/management', { method: 'DELETE', as: admin() })).status).toBe(403);
  });
});

describe('users', () => {
  it('creates, reads, lists, updates and deletes a user, answering with the user media types', async () => {
    const t = await newTenant();
    const password = pw();
    const created = await gw(`/user/${t.id}/users`, { method: 'POST', as: t.admin, body: { userName: 'ann', password, email: 'ann@example.com', firstName: 'Ann' } });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(created.body.self);
    expect(created.headers.get('content-type')).toBe(`${BRAND}.user+json;ver=0.9;charset=UTF-8`);
    expect(created.body).toMatchObject({ id: 'ann', userName: 'ann', email: 'ann@example.com', enabled: true });
    expect(JSON.stringify(created.body)).not.toContain(password);
    expect((await gw(`/user/${t.id}/userByName/ann`, { as: t.admin })).body.id).toBe('ann');
    const list = await gw(`/user/${t.id}/users?pageSize=1`, { as: t.admin });
    expect(list.body.users).toHaveLength(1);
    expect(list.body.next).toContain('currentPage=2');
    const updated = await gw(`/user/${t.id}/users/ann`, { method: 'PUT', as: t.admin, body: { firstName: null, lastName: 'Lee' } });
    expect(updated.body).toMatchObject({ lastName: 'Lee' });
    expect(updated.body.firstName).toBeUndefined();
    expect((await gw(`/user/${t.id}/users/ann`, { method: 'DELETE', as: t.admin })).status).toBe(204);
    expect(await gw(`/user/${t.id}/users/ann`, { as: t.admin })).toMatchObject({ status: 404, body: { error: 'users/Not Found' } });
  });

  it('refuses a weak password, a bad user name, a duplicate, and roles sent in a PUT', async () => {
    const t = await newTenant();
    expect(await gw(`/user/${t.id}/users`, { method: 'POST', as: t.admin, body: { userName: 'bob', password: 'lowercaseonly' } }))
      .toMatchObject({ status: 422, body: { error: 'users/Invalid Data', message: expect.stringContaining('password') } });
    expect((await gw(`/user/${t.id}/users`, { method: 'POST', as: t.admin, body: { userName: 'has space', password: pw() } })).status).toBe(422);
    expect((await gw(`/user/${t.id}/users`, { method: 'POST', as: t.admin, body: { userName: 'bob', password: pw() } })).status).toBe(201);
    expect(await gw(`/user/${t.id}/users`, { method: 'POST', as: t.admin, body: { userName: 'bob', password: pw() } })).toMatchObject({ status: 409, body: { error: 'users/Duplicate' } });
    expect((await gw(`/user/${t.id}/users/bob`, { method: 'PUT', as: t.admin, body: { roles: [] } })).status).toBe(422);
  });

  it('checks roles: a user without user management gets 403 until the role is assigned (403 vs 401)', async () => {
    const t = await newTenant();
    const password = pw();
    await gw(`/user/${t.id}/users`, { method: 'POST', as: t.admin, body: { userName: 'carl', password } });
    const carl: [string, string] = [`${t.id}/carl`, password];
    expect(await gw(`/user/${t.id}/users`, { as: carl })).toMatchObject({ status: 403, body: { error: 'security/Forbidden' } });
    const ref = await gw(`/user/${t.id}/users/carl/roles`, { method: 'POST', as: t.admin, body: { role: { self: `${testStack.gatewayUrl}/user/roles/ROLE_USER_MANAGEMENT_READ` } } });
    expect(ref).toMatchObject({ status: 201, body: { role: { id: 'ROLE_USER_MANAGEMENT_READ' } } });
    expect((await gw(`/user/${t.id}/users`, { as: carl })).status).toBe(200);
    expect((await gw(`/user/${t.id}/users/carl/roles`, { method: 'POST', as: t.admin, body: { role: { id: 'ROLE_TENANT_MANAGEMENT_ADMIN' } } })).status).toBe(422);
    expect((await gw(`/user/${t.id}/users/carl/roles/ROLE_USER_MANAGEMENT_READ`, { method: 'DELETE', as: t.admin })).status).toBe(204);
    expect((await gw(`/user/${t.id}/users`, { as: carl })).status).toBe(403);
  });

  it('keeps tenants apart: one tenant\'s admin never reads another tenant\'s users', async () => {
    const [a, b] = [await newTenant(), await newTenant()];
    expect(await gw(`/user/${b.id}/users`, { as: a.admin })).toMatchObject({ status: 403, body: { error: 'security/Forbidden' } });
    expect((await gw(`/user/${b.id}/users/boss`, { as: a.admin })).status).toBe(403);
    expect((await gw(`/user/${b.id}/users/boss`, { method: 'DELETE', as: a.admin })).status).toBe(403);
    expect((await gw(`/user/${b.id}/users`, { as: admin() })).status).toBe(200);
  });

  it('the management tenant gets 404 for identity data of a tenant that does not exist, and nothing is written', async () => {
    const ghost = `ghost${randomUUID().slice(0, 8)}`;
    const weird = encodeURIComponent('\u00be\u{8e000}');
    for (const tenant of [ghost, weird]) {
      expect(await gw(`/user/${tenant}/groups`, { method: 'POST', body: { name: 'g' }, as: admin() })).toMatchObject({ status: 404, body: { error: 'tenants/Not Found' } });
      expect((await gw(`/user/${tenant}/users`, { method: 'POST', body: { userName: 'u1', password: pw() }, as: admin() })).status).toBe(404);
      expect((await gw(`/user/${tenant}/users/u1/roles`, { method: 'POST', body: { role: { id: 'ROLE_USER_MANAGEMENT_READ' } }, as: admin() })).status).toBe(404);
    }
    expect((await gw(`/user/${ghost}/groups`, { as: admin() })).status).toBe(404);
  });
});

describe('passwords take effect at once', () => {
  it('a changed own password stops working at once; the current password is required', async () => {
    const t = await newTenant();
    const next = pw();
    expect((await gw('/user/currentUser', { as: t.admin })).status).toBe(200);
    expect((await gw('/user/currentUser', { method: 'PUT', as: t.admin, body: { password: next, currentUserPassword: 'Wrong-1234' } })).status).toBe(401);
    expect((await gw('/user/currentUser', { method: 'PUT', as: t.admin, body: { password: next } })).status).toBe(422);
    expect((await gw('/user/currentUser', { method: 'PUT', as: t.admin, body: { password: next, currentUserPassword: t.admin[1] } })).status).toBe(200);
    expect((await gw('/user/currentUser', { as: t.admin })).status).toBe(401);
    expect((await gw('/user/currentUser', { as: [t.admin[0], next] })).status).toBe(200);
  });

  it('PUT /user/currentUser takes userName and enabled back as they are, and refuses them changed or of the wrong type (was 200)', async () => {
    const t = await newTenant();
    const ok = await gw('/user/currentUser', { method: 'PUT', as: t.admin, body: { userName: 'boss', enabled: true, firstName: 'Bo' } });
    expect(ok).toMatchObject({ status: 200, body: { userName: 'boss', firstName: 'Bo', enabled: true } });
    for (const body of [{ enabled: {} }, { enabled: false }, { userName: 'other' }, { currentUserPassword: 7 }, { email: 'no-address' }]) {
      expect(await gw('/user/currentUser', { method: 'PUT', as: t.admin, body })).toMatchObject({ status: 422, body: { error: 'users/Invalid Data' } });
    }
    expect((await gw('/user/currentUser', { as: t.admin })).body).toMatchObject({ enabled: true, firstName: 'Bo' });
  });

  it('an admin\'s password reset and a deleted user stop working at once', async () => {
    const t = await newTenant();
    const password = pw();
    await gw(`/user/${t.id}/users`, { method: 'POST', as: t.admin, body: { userName: 'dora', password } });
    const dora: [string, string] = [`${t.id}/dora`, password];
    expect((await gw('/user/currentUser', { as: dora })).status).toBe(200);
    const next = pw();
    await gw(`/user/${t.id}/users/dora`, { method: 'PUT', as: t.admin, body: { password: next } });
    expect((await gw('/user/currentUser', { as: dora })).status).toBe(401);
    expect((await gw('/user/currentUser', { as: [dora[0], next] })).status).toBe(200);
    await gw(`/user/${t.id}/users/dora`, { method: 'DELETE', as: t.admin });
    expect((await gw('/user/currentUser', { as: [dora[0], next] })).status).toBe(401);
  });

  // A write behind the gateway's back gives it no positions to wait for: it learns of the change from the identity events alone.
  it('a change made behind the gateway reaches its cache through the identity events', async () => {
    const t = await newTenant();
    expect((await gw('/user/currentUser', { as: t.admin })).status).toBe(200);
    const principal = { tenant: t.id, user: 'boss', roles: ['ROLE_USER_MANAGEMENT_ADMIN'], kind: 'user' as const };
    const res = await fetch(`${testStack.appUrl('tenant-options')}/user/${t.id}/users/boss`, {
      method: 'PUT', headers: { ...testStack.principalHeaders(principal), 'content-type': 'application/json' }, body: JSON.stringify({ enabled: false }),
    });
    expect(res.status).toBe(200);
    const after = await eventually(() => gw('/user/currentUser', { as: t.admin }), (r) => r.status === 401, { timeoutMs: 10000, what: 'the disabled user is refused' });
    expect(after.status).toBe(401);
  });
});

describe('tenant deletion removes the tenant\'s options', () => {
  it('the options of a deleted tenant are gone once the event is handled', async () => {
    const t = await newTenant();
    expect((await gw('/tenant/options', { method: 'POST', as: t.admin, body: { category: 'e2e', key: 'k', value: 'v' } })).status).toBe(201);
    await gw(`/tenant/tenants/${t.id}`, { method: 'DELETE', as: admin() });
    const principal = { tenant: t.id, user: 'boss', roles: ['ROLE_OPTION_MANAGEMENT_READ'], kind: 'user' as const };
    const read = () => fetch(`${testStack.appUrl('tenant-options')}/tenant/options/e2e/k`, { headers: testStack.principalHeaders(principal) }).then((r) => r.status);
    expect(await eventually(read, (s) => s === 404, 15000)).toBe(404);
  });
});

describe('groups', () => {
  it('a member holds the group\'s roles; leaving the group or the group losing the role takes them away', async () => {
    const t = await newTenant();
    const password = pw();
    await gw(`/user/${t.id}/users`, { method: 'POST', as: t.admin, body: { userName: 'gina', password } });
    const gina: [string, string] = [`${t.id}/gina`, password];
    const group = await gw(`/user/${t.id}/groups`, { method: 'POST', as: t.admin, body: { name: 'readers' } });
    expect(group).toMatchObject({ status: 201, body: { name: 'readers', self: expect.stringContaining(`/user/${t.id}/groups/`) } });
    expect((await gw(`/user/${t.id}/groups`, { method: 'POST', as: t.admin, body: { name: 'readers' } })).status).toBe(409);
    const id = group.body.id;
    expect((await gw(`/user/${t.id}/groups/${id}/roles`, { method: 'POST', as: t.admin, body: { role: { id: 'ROLE_USER_MANAGEMENT_READ' } } })).status).toBe(201);
    expect((await gw(`/user/${t.id}/users`, { as: gina })).status).toBe(403);
    expect((await gw(`/user/${t.id}/groups/${id}/roles`, { method: 'POST', as: t.admin, body: { role: { self: 'http://x/user/roles/%' } } })).status).toBe(422);
    expect((await gw(`/user/${t.id}/groups/${id}/users`, { method: 'POST', as: t.admin, body: { user: { self: `http://x/user/${t.id}/users/gina` } } })).status).toBe(201);
    expect((await gw(`/user/${t.id}/users`, { as: gina })).status).toBe(200);
    expect((await gw(`/user/${t.id}/users/gina`, { as: t.admin })).body.groups.references).toEqual([{ self: expect.stringMatching(new RegExp(`/user/${t.id}/groups/${id}$`)), group: { id: String(id), self: expect.any(String) } }]);
    const me = await gw('/user/currentUser', { as: gina });
    expect(me.body.effectiveRoles.map((r: { id: string }) => r.id)).toContain('ROLE_USER_MANAGEMENT_READ');
    expect((await gw(`/user/${t.id}/groups/${id}/roles/ROLE_USER_MANAGEMENT_READ`, { method: 'DELETE', as: t.admin })).status).toBe(204);
    expect((await gw(`/user/${t.id}/users`, { as: gina })).status).toBe(403);
    await gw(`/user/${t.id}/groups/${id}/roles`, { method: 'POST', as: t.admin, body: { role: { id: 'ROLE_USER_MANAGEMENT_READ' } } });
    expect((await gw(`/user/${t.id}/groups/${id}/users/gina`, { method: 'DELETE', as: t.admin })).status).toBe(204);
    expect((await gw(`/user/${t.id}/users`, { as: gina })).status).toBe(403);
    expect((await gw(`/user/${t.id}/groups/${id}`, { method: 'DELETE', as: t.admin })).status).toBe(204);
    expect(await gw(`/user/${t.id}/groups/${id}`, { as: t.admin })).toMatchObject({ status: 404, body: { error: 'groups/Not Found' } });
    expect((await gw(`/user/${t.id}/groups`, { as: (await newTenant()).admin })).status).toBe(403);
  });
});
