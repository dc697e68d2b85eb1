import { admin, gw, newTenant } from '@berth/testing';
import {
  Credentials, currentSubscriptions, eventually, knownApplication, listedReference, microservice, rewindKnownApplication, subscribe, unique, uploadBinary,
} from './subscription-client';

// A fresh stack's consumers first join their groups and replay the topics; wait until the subscription app knows a new application.
beforeAll(async () => {
  const app = await microservice();
  await eventually(() => knownApplication(app.id), (row) => row !== null && row !== undefined, 60000);
}, 90000);

/** The service users' credentials currentApplication/subscriptions lists, by tenant, once it lists `count` of them. */
async function serviceUsers(app: { id: string; name: string }, count: number): Promise<Map<string, Credentials>> {
  const row12 = await eventually(() => currentSubscriptions(app), (r) => r.body.users?.length === count, 10000);
  expect(row12.body.users).toHaveLength(count);
  return new Map(row12.body.users.map((u: { tenant: string; password: string }) => [u.tenant, [`${u.tenant}/service_${app.name}`, u.password]]));
}

const effectiveRoles = async (as: Credentials) => {
  const me = await gw('/user/currentUser', { as });
  return me.status === 200 ? me.body.effectiveRoles.map((r: { id: string }) => r.id).sort() : [`status ${me.status}`];
};

/** The tenant's service user once currentApplication/subscriptions lists it with a password other than `old`'s (a re-acceptance gives it a new one). */
async function renewedServiceUser(app: { id: string; name: string }, tenant: string, old: Credentials): Promise<Credentials> {
  const row12 = await eventually(() => currentSubscriptions(app), (r) => r.body.users?.some((u: { tenant: string; password: string }) => u.tenant === tenant && u.password !== old[1]), 10000);
  const user = row12.body.users.find((u: { tenant: string }) => u.tenant === tenant);
  expect(user.password).not.toBe(old[1]);
  return [`${tenant}/service_${app.name}`, user.password];
}

/** Waits until the service user logs in with exactly `roles`; answers what it last saw. */
const rolesBecome = (as: Credentials, roles: string[]) => eventually(() => effectiveRoles(as), (seen) => seen.join() === [...roles].sort().join(), 10000);

const customRole = () => `ROLE_${unique('R').toUpperCase()}_READ`;

describe('subscription: service users follow their microservice\'s roles within what each tenant accepted', () => {
  it('applies a new binary\'s narrowing at once, its widening only in the tenant that accepts it by subscribing again', async () => {
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
    // The renewal that drops ROLE_INVENTORY_READ is the one that would add the new roles: once it is seen, they were withheld.
    for (const t of [t1, t2]) expect(await rolesBecome(users.get(t.id)!, [])).toEqual([]);
    // The roles the manifest defines become assignable (they grant nothing by themselves).
    for (const t of [t1, t2]) expect((await eventually(() => assign(t), (r) => r.status === 201, 10000)).status).toBe(201);
    const listed = await eventually(() => listedReference(t1.id, app.id), (r) => r?.pendingRoles?.length === 2, 10000);
    expect({ accepted: listed?.acceptedRoles, pending: [...listed?.pendingRoles ?? []].sort() }).toEqual({ accepted: ['ROLE_INVENTORY_READ'], pending: ['ROLE_ALARM_READ', 'ROLE_EVENT_READ'] });

    const accepted = await subscribe(t1.id, app.id, t1.admin);
    expect(accepted.status).toBe(200);
    expect({ id: accepted.body.application.id, accepted: [...accepted.body.acceptedRoles].sort(), pending: accepted.body.pendingRoles })
      .toEqual({ id: app.id, accepted: ['ROLE_ALARM_READ', 'ROLE_EVENT_READ'], pending: [] });
    const renewed = await renewedServiceUser(app, t1.id, users.get(t1.id)!);
    expect(await rolesBecome(renewed, ['ROLE_ALARM_READ', 'ROLE_EVENT_READ'])).toEqual(['ROLE_ALARM_READ', 'ROLE_EVENT_READ']);
    // t1's acceptance, applied above, was the only change since t2's user lost ROLE_INVENTORY_READ: t2 still holds nothing.
    expect(await effectiveRoles(users.get(t2.id)!)).toEqual([]);
    expect((await listedReference(t2.id, app.id))?.pendingRoles?.sort()).toEqual(['ROLE_ALARM_READ', 'ROLE_EVENT_READ']);
    // Nothing is pending any more: subscribing again is a duplicate, as before.
    const again = await subscribe(t1.id, app.id, t1.admin);
    expect({ status: again.status, error: again.body?.error }).toEqual({ status: 409, error: 'applications/Duplicate' });
  });

  it('applies a PUT\'s narrowing at once and its widening once the tenant accepts it', async () => {
    const t = await newTenant();
    const app = await microservice(admin(), { requiredRoles: ['ROLE_INVENTORY_READ', 'ROLE_ALARM_READ'] });
    expect((await eventually(() => subscribe(t.id, app.id, t.admin), (r) => r.status !== 404, 10000)).status).toBe(201);
    const creds = (await serviceUsers(app, 1)).get(t.id)!;
    expect(await rolesBecome(creds, ['ROLE_ALARM_READ', 'ROLE_INVENTORY_READ'])).toEqual(['ROLE_ALARM_READ', 'ROLE_INVENTORY_READ']);
    const put = await gw(`/application/applications/${app.id}`, { method: 'PUT', as: admin(), body: { requiredRoles: ['ROLE_INVENTORY_READ', 'ROLE_AUDIT_READ'] } });
    expect(put.status).toBe(200);
    // ROLE_ALARM_READ goes in the same renewal that would bring ROLE_AUDIT_READ.
    expect(await rolesBecome(creds, ['ROLE_INVENTORY_READ'])).toEqual(['ROLE_INVENTORY_READ']);
    expect((await subscribe(t.id, app.id, t.admin)).status).toBe(200);
    const renewed = await renewedServiceUser(app, t.id, creds);
    expect(await rolesBecome(renewed, ['ROLE_AUDIT_READ', 'ROLE_INVENTORY_READ'])).toEqual(['ROLE_AUDIT_READ', 'ROLE_INVENTORY_READ']);
  });

  it('gives a subscription made right after an upload the new roles, whatever the subscription app\'s catalogue knows yet', async () => {
    const tenants = [await newTenant(), await newTenant(), await newTenant()];
    const app = await microservice(admin(), { requiredRoles: [] }); // top-level requiredRoles would win over the manifest's
    await eventually(() => knownApplication(app.id), (row) => row !== null && row !== undefined, 10000);
    expect(await uploadBinary(app.id, { apiVersion: '1', version: '3.0.0', requiredRoles: ['ROLE_MEASUREMENT_READ'] })).toBe(201);
    for (const t of tenants) {
      const made = await subscribe(t.id, app.id, t.admin);
      expect({ status: made.status, accepted: made.body.acceptedRoles }).toEqual({ status: 201, accepted: ['ROLE_MEASUREMENT_READ'] });
    }
    const users = await serviceUsers(app, tenants.length);
    for (const t of tenants) expect(await rolesBecome(users.get(t.id)!, ['ROLE_MEASUREMENT_READ'])).toEqual(['ROLE_MEASUREMENT_READ']);
  });

  it('accepts the roles the registry holds when the subscription arrives, even while the subscription app\'s catalogue lags behind', async () => {
    const t = await newTenant();
    const app = await microservice(admin(), { requiredRoles: [] });
    expect(await uploadBinary(app.id, { apiVersion: '1', version: '4.0.0', requiredRoles: ['ROLE_MEASUREMENT_READ'] })).toBe(201);
    await eventually(() => knownApplication(app.id), (row) => row?.manifestVersion === '4.0.0', 10000);
    // The catalogue is put back to what it held before the upload's event, as if that event were still on its way.
    await rewindKnownApplication(app.id, { requiredRoles: [], roles: [] });
    const made = await subscribe(t.id, app.id, t.admin);
    expect({ status: made.status, accepted: made.body.acceptedRoles, pending: made.body.pendingRoles }).toEqual({ status: 201, accepted: ['ROLE_MEASUREMENT_READ'], pending: [] });
    const creds = (await serviceUsers(app, 1)).get(t.id)!;
    expect(await rolesBecome(creds, ['ROLE_MEASUREMENT_READ'])).toEqual(['ROLE_MEASUREMENT_READ']);
  });
});
