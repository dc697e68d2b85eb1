import { generateKeyPairSync } from 'node:crypto';
import { signJwt } from '@berth/auth';
import {
  admin, eventually, ExtraApp, gw, inRounds, listsApplication, manifestZip, microserviceFields, newApplication, newPassword, newTenant, newUser,
  referencesApplication, registryApplicationsOf, removeStackContainers, subscribedApplicationsOf, subscribeTenant, TenantHandle, testStack, uniqueName, unsubscribeTenant, uploadZip,
} from '@berth/testing';
import { startReplicaGateway } from './replica-gateway';

/**
 * Read-your-writes across the apps, through the gateway: once a write is answered 2xx, the next
 * request of the same client is decided on the state that write made, whichever app serves it and
 * whichever gateway replica it passes. Each sequence runs its steps back to back, without waiting.
 */

/** The gateways a sequence writes through and reads through (undefined: the stack's own). */
interface Route { write?: string; read?: string }
const ONE_GATEWAY: Route = {};
const TIMEOUT = 120_000;

/** A MARKET application of the management tenant that the subscription app already knows (set in beforeAll). */
let offered: { id: string };

/**
 * A new tenant for one sequence, its rounds' fresh applications all subscribed by it: it is known
 * to the subscription app before the first round (subscribed to `offered`), so that a round tests
 * its own write, not the tenant's creation.
 */
async function settledTenant(): Promise<TenantHandle> {
  const t = await newTenant();
  expect((await eventually(() => subscribeTenant(t.id, offered.id, admin()), (r) => r.status !== 404, 30_000)).status).toBe(201);
  return t;
}

/** 1: an application made MARKET is offered at once: another tenant subscribes to it. */
async function marketThenSubscribe(route: Route) {
  const other = await settledTenant();
  await inRounds('MARKET, then another tenant subscribes', () => newApplication(admin(), microserviceFields({ availability: 'PRIVATE' })), async (round, app) => {
    await round.step('PUT availability MARKET', () => gw(`/application/applications/${app.id}`, { method: 'PUT', as: admin(), body: { availability: 'MARKET' }, gateway: route.write }), 200);
    await round.step('the other tenant subscribes', () => subscribeTenant(other.id, app.id, other.admin, route.read), 201);
  });
}

/** 2: a new subscription is listed at once by the registry. */
async function subscribeThenListed(route: Route) {
  const t = await settledTenant();
  await inRounds('subscribe, then applicationsByTenant lists it', () => newApplication(admin(), microserviceFields({ availability: 'MARKET' })), async (round, app) => {
    await round.step('subscribe', () => subscribeTenant(t.id, app.id, t.admin, route.write), 201);
    const listed = await round.step('applicationsByTenant', () => registryApplicationsOf(t.id, t.admin, route.read), 200);
    round.check('applicationsByTenant lists the application', listsApplication(listed, app.id), listed);
  });
}

/** 8 (password): a changed password is refused at once, the new one works at once. */
async function passwordChangeTakesEffect(route: Route, tenant: () => TenantHandle) {
  await inRounds('password change', async () => {
    const user = await newUser(tenant(), []);
    // Both gateways have let the old password in, so a cached credential would still be there.
    for (const gateway of [route.write, route.read]) {
      expect((await eventually(() => gw('/user/currentUser', { as: user, gateway }), (r) => r.status === 200, 10_000)).status).toBe(200);
    }
    return { user, next: newPassword() };
  }, async (round, { user, next }) => {
    await round.step('PUT own password', () => gw('/user/currentUser', { method: 'PUT', as: user, body: { password: next, currentUserPassword: user[1] }, gateway: route.write }), 200);
    await round.step('old password', () => gw('/user/currentUser', { as: user, gateway: route.read }), { status: 401, error: 'security/Unauthorized' });
    await round.step('new password', () => gw('/user/currentUser', { as: [user[0], next], gateway: route.read }), 200);
  });
}

describe('read-your-writes through the gateway', () => {
  let users: TenantHandle;

  beforeAll(async () => {
    offered = await newApplication(admin(), microserviceFields({ availability: 'MARKET' }));
    // The users' tenant; settling it waits until the subscription app knows `offered` too.
    users = await settledTenant();
  }, 60_000);

  afterAll(async () => {
    await removeStackContainers(testStack.dbPrefix);
  }, 60_000);

  it('1: a tenant subscribes at once to an application just made MARKET', () => marketThenSubscribe(ONE_GATEWAY), TIMEOUT);

  it('2: the registry lists a subscription at once', () => subscribeThenListed(ONE_GATEWAY), TIMEOUT);

  it('3: the owner cannot delete an application right after a tenant subscribed to it (409)', async () => {
    const t = await settledTenant();
    await inRounds('subscribe, then DELETE is refused', () => newApplication(admin(), microserviceFields({ availability: 'MARKET' })), async (round, app) => {
      await round.step('subscribe', () => subscribeTenant(t.id, app.id, t.admin), 201);
      await round.step('DELETE the subscribed application', () => gw(`/application/applications/${app.id}`, { method: 'DELETE', as: admin() }), { status: 409, error: 'applications/Update Conflict' });
    });
  }, TIMEOUT);

  it('5: a microservice\'s bootstrap user sees its owner subscribed at once', async () => {
    const t = await settledTenant();
    await inRounds('create, upload, subscribe, then currentApplication/subscriptions', async () => undefined, async (round) => {
      const fields = microserviceFields();
      const app = (await round.step('create the MICROSERVICE', () => gw('/application/applications', { method: 'POST', as: t.admin, body: fields }), 201)).body;
      await round.step('upload its ZIP', () => uploadZip(app.id, t.admin, manifestZip(app.name)), 201);
      await round.step('the owner subscribes', () => subscribeTenant(t.id, app.id, t.admin), 201);
      const boot = (await round.step('bootstrapUser', () => gw(`/application/applications/${app.id}/bootstrapUser`, { as: t.admin }), 200)).body;
      const listed = await round.step('currentApplication/subscriptions', () => gw('/application/currentApplication/subscriptions', { as: [`${boot.tenant}/${boot.name}`, boot.password] }), 200);
      round.check('the owner tenant is listed', (listed.body?.users ?? []).some((u: { tenant: string }) => u.tenant === t.id), listed);
    });
  }, TIMEOUT);

  it('6: subscribe, unsubscribe, subscribe again: registry, subscription app and orchestrator agree at once', async () => {
    const t = await settledTenant();
    await inRounds('subscribe, unsubscribe, subscribe, then every view', async () => {
      const app = await newApplication(admin(), microserviceFields({ availability: 'MARKET' }));
      const uploaded = await uploadZip(app.id, admin(), manifestZip(app.name));
      if (uploaded.status !== 201) throw new Error(`binary not uploaded: ${uploaded.status} ${JSON.stringify(uploaded.body)}`);
      return app;
    }, async (round, app) => {
      await round.step('subscribe', () => subscribeTenant(t.id, app.id, t.admin), 201);
      await round.step('unsubscribe', () => unsubscribeTenant(t.id, app.id, t.admin), 204);
      await round.step('subscribe again', () => subscribeTenant(t.id, app.id, t.admin), 201);
      const registry = await round.step('registry: applicationsByTenant', () => registryApplicationsOf(t.id, t.admin), 200);
      round.check('the registry lists the application', listsApplication(registry, app.id), registry);
      const subscriptions = await round.step('subscription app: tenant applications', () => subscribedApplicationsOf(t.id, t.admin), 200);
      round.check('the subscription app lists the application', referencesApplication(subscriptions, app.id), subscriptions);
      // The orchestrator shows a subscriber the status of a deployment that serves it, and 404 to a tenant it
      // does not know subscribed; whether the image runs is not asked here, only that a deployment is wanted.
      const status = await round.step('orchestrator: status as the subscriber', () => gw(`/application/applications/${app.id}/status`, { as: t.admin }), 200);
      round.check('the orchestrator has a deployment for the subscriber', status.body?.status !== 'Unknown', status);
    });
  }, TIMEOUT);

  describe('8: tenants, users, passwords and roles take effect at once', () => {
    it('a new tenant is subscribed at once', async () => {
      await inRounds('create a tenant, then subscribe it', async () => undefined, async (round) => {
        const domain = `${uniqueName('cons')}.example.com`;
        const made = await round.step('POST /tenant/tenants', () => gw('/tenant/tenants', {
          method: 'POST', as: admin(), body: { company: 'Consistency', domain, adminName: 'boss', adminPass: newPassword(), adminEmail: 'boss@example.com' },
        }), 201);
        await round.step('subscribe the new tenant', () => subscribeTenant(made.body.id, offered.id, admin()), 201);
      });
    }, TIMEOUT);

    it('a new user logs in at once', async () => {
      await inRounds('create a user, then log in as it', async () => ({ userName: uniqueName('u'), password: newPassword() }), async (round, { userName, password }) => {
        await round.step('POST the user', () => gw(`/user/${users.id}/users`, { method: 'POST', as: users.admin, body: { userName, password } }), 201);
        await round.step('GET /user/currentUser as it', () => gw('/user/currentUser', { as: [`${users.id}/${userName}`, password] }), 200);
      });
    }, TIMEOUT);

    it('a changed password: the old one is refused at once, the new one works', () => passwordChangeTakesEffect(ONE_GATEWAY, () => users), TIMEOUT);

    it('a removed role is refused at once (403)', async () => {
      await inRounds('remove a role, then use it', async () => {
        const user = await newUser(users, ['ROLE_USER_MANAGEMENT_READ']);
        // The role was used once, so a cached principal would still carry it.
        expect((await eventually(() => gw(`/user/${users.id}/users`, { as: user }), (r) => r.status === 200, 10_000)).status).toBe(200);
        return user;
      }, async (round, user) => {
        const name = user[0].split('/')[1];
        await round.step('DELETE the role', () => gw(`/user/${users.id}/users/${name}/roles/ROLE_USER_MANAGEMENT_READ`, { method: 'DELETE', as: users.admin }), 204);
        await round.step('a request needing the role', () => gw(`/user/${users.id}/users`, { as: user }), { status: 403, error: 'security/Forbidden' });
      });
    }, TIMEOUT);
  });

  it('9: an uploaded token.publicKey is trusted at once, and distrusted at once when deleted', async () => {
    const now = () => Math.floor(Date.now() / 1000);
    const t = await newTenant();
    // A new key, under a new key id, every round.
    await inRounds('upload a JWT key, use it, delete it, use it', async (index) => {
      const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
      return { kid: `k${index}`, pem: publicKey.export({ type: 'spki', format: 'pem' }) as string, privateKey };
    }, async (round, { kid, pem, privateKey }) => {
      const token = signJwt({ iss: 'cumulocity', aud: t.id, sub: 'boss', nbf: now() - 5, exp: now() + 300 }, 'RS256', privateKey, kid);
      const asBearer = () => gw('/user/currentUser', { headers: { authorization: `Bearer ${token}` } });
      await round.step('POST the token.publicKey option', () => gw('/tenant/options', { method: 'POST', as: t.admin, body: { category: 'token.publicKey', key: kid, value: pem } }), 201);
      await round.step('a JWT signed with it', asBearer, 200);
      await round.step('DELETE the option', () => gw(`/tenant/options/token.publicKey/${kid}`, { method: 'DELETE', as: t.admin }), 204);
      await round.step('the same JWT', asBearer, { status: 401, error: 'security/Unauthorized' });
    });
  }, TIMEOUT);

  describe('11: written through one gateway replica, read through another at once', () => {
    let replica: ExtraApp;
    beforeAll(async () => {
      replica = await startReplicaGateway('consistency');
    }, 90_000);
    afterAll(async () => {
      await replica?.stop();
    });

    it('1 across replicas: MARKET through one, the subscription through the other', () => marketThenSubscribe({ read: replica.url }), TIMEOUT);

    it('2 across replicas: subscribe through one, applicationsByTenant through the other', () => subscribeThenListed({ read: replica.url }), TIMEOUT);

    it('8 across replicas: the password changed through one, the old one refused by the other', () => passwordChangeTakesEffect({ read: replica.url }, () => users), TIMEOUT);
  });
});
