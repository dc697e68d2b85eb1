import { admin, gw, newTenant } from '@berth/testing';
import { Credentials, currentSubscriptions, eventually, knownApplication, microservice, subscribe, unique, uploadBinary } from './subscription-client';

// A fresh stack's consumers first join their groups and replay the topics; wait until the subscription app knows a new application.
beforeAll(async () => {
  const app = await microservice();
  await eventually(() => knownApplication(app.id), (row) => row !== null && row !== undefined, 60000);
}, 90000);

/** The service users' credentials row 12 lists, by tenant, once it lists `count` of them. */
async function serviceUsers(app: { id: string; name: string }, count: number): Promise<Map<string, Credentials>> {
  const row12 = await eventually(() => currentSubscriptions(app), (r) => r.body.users?.length === count, 10000);
  expect(row12.body.users).toHaveLength(count);
  return new Map(row12.body.users.map((u: { tenant: string; password: string }) => [u.tenant, [`${u.tenant}/service_${app.name}`, u.password]]));
}

const effectiveRoles = async (as: Credentials) => {
  const me = await gw('/user/currentUser', { as });
  return me.status === 200 ? me.body.effectiveRoles.map((r: { id: string }) => r.id).sort() : [`status ${me.status}`];
};

/** Waits until the service user logs in with exactly `roles`; answers what it last saw. */
const rolesBecome = (as: Credentials, roles: string[]) => eventually(() => effectiveRoles(as), (seen) => seen.join() === [...roles].sort().join(), 10000);

const customRole = () => `ROLE_${unique('R').toUpperCase()}_READ`;

describe('subscription: service users follow their microservice\'s roles', () => {
  it('renews the service users of every subscribed tenant when a new binary changes requiredRoles and roles', async () => {
    const [t1, t2] = [await newTenant(), await newTenant()];
    const app = await microservice(admin(), { requiredRoles: [] });
    expect(await uploadBinary(app.id, { apiVersion: '1', version: '1.0.0', requiredRoles: ['ROLE_INVENTORY_READ'] })).toBe(201);
    await eventually(() => knownApplication(app.id), (row) => row?.manifestVersion === '1.0.0', 10000);
    for (const t of [t1, t2]) expect((await subscribe(t.id, app.id, t.admin)).status).toBe(201);
    const users = await serviceUsers(app, 2);
    for (const t of [t1, t2]) expect(await rolesBecome(users.get(t.id)!, ['ROLE_INVENTORY_READ'])).toEqual(['ROLE_INVENTORY_READ']);

    const role = customRole();
    const assign = (t: { id: string; admin: Credentials }) => gw(`/user/${t.id}/users/boss/roles`, { method: 'POST', as: t.admin, body: { role: { id: role } } });
    expect((await assign(t1)).status).toBe(422);
    expect(await uploadBinary(app.id, { apiVersion: '1', version: '2.0.0', requiredRoles: ['ROLE_ALARM_READ', 'ROLE_EVENT_READ'], roles: [role] })).toBe(201);
    // The same passwords go on working, with the new roles (the gateway's cached principals are dropped).
    for (const t of [t1, t2]) expect(await rolesBecome(users.get(t.id)!, ['ROLE_ALARM_READ', 'ROLE_EVENT_READ'])).toEqual(['ROLE_ALARM_READ', 'ROLE_EVENT_READ']);
    for (const t of [t1, t2]) expect((await eventually(() => assign(t), (r) => r.status === 201, 10000)).status).toBe(201);
  });

  it('renews them when a PUT changes the application\'s requiredRoles', async () => {
    const t = await newTenant();
    const app = await microservice(admin(), { requiredRoles: ['ROLE_INVENTORY_READ'] });
    expect((await eventually(() => subscribe(t.id, app.id, t.admin), (r) => r.status !== 404, 10000)).status).toBe(201);
    const creds = (await serviceUsers(app, 1)).get(t.id)!;
    expect(await rolesBecome(creds, ['ROLE_INVENTORY_READ'])).toEqual(['ROLE_INVENTORY_READ']);
    const put = await gw(`/application/applications/${app.id}`, { method: 'PUT', as: admin(), body: { requiredRoles: ['ROLE_AUDIT_READ'] } });
    expect(put.status).toBe(200);
    expect(await rolesBecome(creds, ['ROLE_AUDIT_READ'])).toEqual(['ROLE_AUDIT_READ']);
  });

  it('gives a subscription made right after an upload the new roles, whichever event comes first', async () => {
    const tenants = [await newTenant(), await newTenant(), await newTenant()];
    const app = await microservice(admin(), { requiredRoles: [] }); // top-level requiredRoles would win over the manifest's
    await eventually(() => knownApplication(app.id), (row) => row !== null && row !== undefined, 10000);
    const upload = uploadBinary(app.id, { apiVersion: '1', version: '3.0.0', requiredRoles: ['ROLE_MEASUREMENT_READ'] });
    for (const t of tenants) expect((await subscribe(t.id, app.id, t.admin)).status).toBe(201);
    expect(await upload).toBe(201);
    const users = await serviceUsers(app, tenants.length);
    for (const t of tenants) expect(await rolesBecome(users.get(t.id)!, ['ROLE_MEASUREMENT_READ'])).toEqual(['ROLE_MEASUREMENT_READ']);
  });
});
