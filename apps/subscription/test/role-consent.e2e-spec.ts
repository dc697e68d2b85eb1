import { admin, gw, managementTenant, newTenant } from '@berth/testing';
import {
  Credentials, currentSubscriptions, eventually, expectError, knownApplication, listedReference, microservice, subscribe, unique, uploadBinary,
} from './subscription-client';

// The owner is the management tenant, whose MARKET applications every tenant is offered
// (docs/security.md, "Who sees which application"); the same holds for a tenant and its subtenants.
// A fresh stack's consumers first join their groups and replay the topics; wait until the subscription app knows a new application.
beforeAll(async () => {
  const app = await microservice();
  await eventually(() => knownApplication(app.id), (row) => row !== null && row !== undefined, 60000);
}, 90000);

const TAKEOVER = ['ROLE_OPTION_MANAGEMENT_ADMIN', 'ROLE_TENANT_ADMIN', 'ROLE_USER_MANAGEMENT_ADMIN'];
const sorted = (roles: string[]) => [...roles].sort();

/** The subscriber's service user as the owner's bootstrap user reads it (currentApplication/subscriptions), once it has a password other than `old`'s. */
async function serviceUser(app: { id: string; name: string }, owner: Credentials, tenant: string, old?: Credentials): Promise<Credentials> {
  const listed = (r: { body: { users?: Array<{ tenant: string; password: string }> } }) => r.body.users?.find((u) => u.tenant === tenant && u.password !== old?.[1]);
  const row12 = await eventually(() => currentSubscriptions(app, owner), (r) => listed(r) !== undefined, 10000);
  const user = listed(row12);
  if (!user) throw new Error(`no service user in ${tenant}: ${JSON.stringify(row12.body)}`);
  return [`${tenant}/service_${app.name}`, user.password];
}

const effectiveRoles = async (as: Credentials) => {
  const me = await gw('/user/currentUser', { as });
  return me.status === 200 ? sorted(me.body.effectiveRoles.map((r: { id: string }) => r.id)) : [`status ${me.status}`];
};

/** Waits until the service user logs in with exactly `roles`; answers what it last saw. */
const rolesBecome = (as: Credentials, roles: string[]) => eventually(() => effectiveRoles(as), (seen) => seen.join() === sorted(roles).join(), 10000);

/** What the owner's stolen service user password would be used for: a new user in the subscriber's tenant. */
const createUser = (as: Credentials, tenant: string) =>
  gw(`/user/${tenant}/users`, { method: 'POST', as, body: { userName: unique('intruder'), password: `Pw-${unique('p')}-x1` } });

describe('subscription: an application\'s owner cannot widen a subscriber\'s service user without the subscriber', () => {
  it('keeps the accepted roles when the owner\'s admin widens requiredRoles by PUT, until the subscriber accepts them', async () => {
    const [owner, victim] = [managementTenant(), await newTenant()];
    const app = await microservice(owner.admin, { availability: 'MARKET', requiredRoles: ['ROLE_INVENTORY_READ', 'ROLE_AUDIT_READ'] });
    expect((await eventually(() => subscribe(victim.id, app.id, victim.admin), (r) => r.status !== 404, 10000)).status).toBe(201);
    const creds = await serviceUser(app, owner.admin, victim.id);
    expect(await rolesBecome(creds, ['ROLE_INVENTORY_READ', 'ROLE_AUDIT_READ'])).toEqual(sorted(['ROLE_INVENTORY_READ', 'ROLE_AUDIT_READ']));

    // The attack: the owner widens the roles (and drops ROLE_AUDIT_READ, whose removal rides in the same renewal).
    const put = await gw(`/application/applications/${app.id}`, { method: 'PUT', as: owner.admin, body: { requiredRoles: ['ROLE_INVENTORY_READ', ...TAKEOVER] } });
    expect(put.status).toBe(200);
    expect(await rolesBecome(creds, ['ROLE_INVENTORY_READ'])).toEqual(['ROLE_INVENTORY_READ']);
    expectError(await createUser(creds, victim.id), 403, 'security/Forbidden');
    const listed = await eventually(() => listedReference(victim.id, app.id), (r) => r?.pendingRoles?.length === TAKEOVER.length, 10000);
    expect({ accepted: listed?.acceptedRoles, pending: sorted(listed?.pendingRoles ?? []) })
      .toEqual({ accepted: ['ROLE_INVENTORY_READ', 'ROLE_AUDIT_READ'], pending: TAKEOVER });

    // The subscriber reviews and accepts them by subscribing again: now, and only now, its service user has them.
    const accepted = await subscribe(victim.id, app.id, victim.admin);
    expect({ status: accepted.status, accepted: sorted(accepted.body.acceptedRoles), pending: accepted.body.pendingRoles })
      .toEqual({ status: 200, accepted: sorted(['ROLE_INVENTORY_READ', ...TAKEOVER]), pending: [] });
    const renewed = await serviceUser(app, owner.admin, victim.id, creds);
    expect(await rolesBecome(renewed, ['ROLE_INVENTORY_READ', ...TAKEOVER])).toEqual(sorted(['ROLE_INVENTORY_READ', ...TAKEOVER]));
    expect((await createUser(renewed, victim.id)).status).toBe(201);
    expectError(await subscribe(victim.id, app.id, victim.admin), 409, 'applications/Duplicate');
  });

  it('keeps the accepted roles when the owner activates a version whose manifest widens them, until the management tenant accepts them for the subscriber', async () => {
    const [owner, victim] = [managementTenant(), await newTenant()];
    const app = await microservice(owner.admin, { availability: 'MARKET', requiredRoles: [] });
    expect(await uploadBinary(app.id, { apiVersion: '1', version: '1.0.0', requiredRoles: ['ROLE_INVENTORY_READ', 'ROLE_AUDIT_READ'] }, owner.admin)).toBe(201);
    const made = await eventually(() => subscribe(victim.id, app.id, victim.admin), (r) => r.status !== 404, 10000);
    expect({ status: made.status, accepted: sorted(made.body.acceptedRoles) }).toEqual({ status: 201, accepted: sorted(['ROLE_INVENTORY_READ', 'ROLE_AUDIT_READ']) });
    const creds = await serviceUser(app, owner.admin, victim.id);
    expect(await rolesBecome(creds, ['ROLE_INVENTORY_READ', 'ROLE_AUDIT_READ'])).toEqual(sorted(['ROLE_INVENTORY_READ', 'ROLE_AUDIT_READ']));

    expect(await uploadBinary(app.id, { apiVersion: '1', version: '2.0.0', requiredRoles: ['ROLE_INVENTORY_READ', ...TAKEOVER] }, owner.admin)).toBe(201);
    expect(await rolesBecome(creds, ['ROLE_INVENTORY_READ'])).toEqual(['ROLE_INVENTORY_READ']);
    expectError(await createUser(creds, victim.id), 403, 'security/Forbidden');

    // Someone who may not manage the subscriber's subscriptions cannot accept for it.
    expectError(await subscribe(victim.id, app.id, (await newTenant()).admin), 403, 'security/Forbidden');
    const accepted = await subscribe(victim.id, app.id, admin());
    expect({ status: accepted.status, pending: accepted.body.pendingRoles }).toEqual({ status: 200, pending: [] });
    const renewed = await serviceUser(app, owner.admin, victim.id, creds);
    expect(await rolesBecome(renewed, ['ROLE_INVENTORY_READ', ...TAKEOVER])).toEqual(sorted(['ROLE_INVENTORY_READ', ...TAKEOVER]));
  });
});
