import type { Consumer } from 'kafkajs';
import { Topics, TenantSubscribed } from '@berth/contracts';
import { createEnvelope, Envelope, Publisher } from '@berth/messaging';
import { consumedBy, defined, eventually, gw, managementTenant, newTenant, TenantHandle, testStack } from '@berth/testing';
import { call, create, expectError, kafka, microservice, READ, unique } from './registry-client';

let OWNER: TenantHandle;
let SUB: TenantHandle;
const received: Envelope[] = [];
let consumer: Consumer;
let publisher: Publisher;

/** Subscribes SUB to `app` through the gateway, as its admin, the way a client does. */
async function subscribe(app: any) {
  const res = await gw(`/tenant/tenants/${SUB.id}/applications`, { method: 'POST', as: SUB.admin, body: { application: { id: app.id } } });
  expect(res.status).toBe(201);
}

/** A subscription event published straight to Kafka: only for replaying a stale one, which no client can cause. */
async function subscription(contract: typeof TenantSubscribed, tenant: string, app: any, version: number) {
  const envelope = createEnvelope(contract, {
    source: 'registry-e2e', tenantId: tenant, aggregateId: `${tenant}/${app.id}`, aggregateVersion: version,
    payload: { tenant, applicationId: app.id, applicationName: app.name, isolation: 'MULTI_TENANT' },
  });
  await publisher.publish(testStack.topic(Topics.subscriptionEvents), envelope);
}

const eventOf = (type: string, id: string) => eventually(async () => received.find((e) => e.type === type && e.aggregateId === id), defined, { timeoutMs: 30000, what: `${type} of ${id}` });

beforeAll(async () => {
  // The management tenant owns: its MARKET applications are offered to every tenant, SUB included.
  [OWNER, SUB] = [managementTenant(), await newTenant()];
  const client = kafka();
  publisher = new Publisher(client);
  consumer = client.consumer({ groupId: unique('registry-e2e-'), maxWaitTimeInMs: 100 });
  await consumer.connect();
  await consumer.subscribe({ topics: [testStack.topic(Topics.applicationEvents)], fromBeginning: true });
  await consumer.run({ eachMessage: async ({ message }) => { received.push(JSON.parse(message.value!.toString())); } });
});

afterAll(async () => {
  await consumer?.disconnect();
  await publisher?.disconnect();
});

describe('registry: events on registry.application.v1', () => {
  it('emits ApplicationCreated, ApplicationUpdated and ApplicationDeleted through the outbox', async () => {
    const app = await create(OWNER, microservice());
    const created = await eventOf('ApplicationCreated', app.id);
    expect(created).toMatchObject({
      source: 'application-registry', tenantId: OWNER.id, aggregateVersion: 1, processingMode: 'PERSISTENT',
      payload: { id: app.id, name: app.name, type: 'MICROSERVICE', ownerTenant: OWNER.id, key: app.key, availability: 'PRIVATE' },
    });
    await call('PUT', `/application/applications/${app.id}`, { tenant: OWNER, body: { availability: 'MARKET', description: 'x' } });
    const updated = await eventOf('ApplicationUpdated', app.id);
    expect(updated).toMatchObject({ aggregateVersion: 2, payload: { availability: 'MARKET', changed: ['availability', 'description'] } });
    await call('DELETE', `/application/applications/${app.id}`, { tenant: OWNER });
    const deleted = await eventOf('ApplicationDeleted', app.id);
    expect(deleted.payload).toEqual({ id: app.id, name: app.name, type: 'MICROSERVICE', ownerTenant: OWNER.id, force: false, subscribedTenants: [] });
  });

  it('TRANSIENT emits without storing; QUIESCENT emits as PERSISTENT', async () => {
    const transient = await call('POST', '/application/applications', { tenant: OWNER, body: microservice(), headers: { 'X-Cumulocity-Processing-Mode': 'TRANSIENT' } });
    expect((await eventOf('ApplicationCreated', transient.body.id)).processingMode).toBe('TRANSIENT');
    const quiescent = await call('POST', '/application/applications', { tenant: OWNER, body: microservice(), headers: { 'X-Cumulocity-Processing-Mode': 'QUIESCENT' } });
    expect((await eventOf('ApplicationCreated', quiescent.body.id)).processingMode).toBe('PERSISTENT');
  });
});

describe('registry: the subscription projection', () => {
  it('makes a PRIVATE application visible to a subscriber, and listed by subscriber, tenant, providedFor and applicationsByTenant', async () => {
    const app = await create(OWNER, microservice());
    expectError(await call('GET', `/application/applications/${app.id}`, { tenant: SUB }), 404, 'applications/Not Found');
    // A tenant subscribes only to applications offered to it (MARKET); the owner may make one PRIVATE afterwards.
    expect((await call('PUT', `/application/applications/${app.id}`, { tenant: OWNER, body: { availability: 'MARKET' } })).status).toBe(200);
    await subscribe(app);
    expect((await call('PUT', `/application/applications/${app.id}`, { tenant: OWNER, body: { availability: 'PRIVATE' } })).status).toBe(200);
    await eventually(() => call('GET', `/application/applicationsByTenant/${SUB.id}`, { tenant: SUB, roles: READ }), (r) => r.body?.applications?.length === 1, { timeoutMs: 30000, what: 'projection knows the subscription' });
    expect((await call('GET', `/application/applications/${app.id}`, { tenant: SUB, roles: READ })).status).toBe(200);
    for (const path of [`/application/applicationsByTenant/${SUB.id}`, `/application/applications?subscriber=${SUB.id}`, `/application/applications?providedFor=${SUB.id}`, `/application/applications?tenant=${SUB.id}`]) {
      const res = await call('GET', path, { tenant: SUB, roles: READ });
      expect(res.body.applications.map((a: any) => a.id)).toEqual([app.id]);
    }
    const asOwner = await call('GET', `/application/applications?providedFor=${OWNER.id}&pageSize=2000`, { tenant: OWNER });
    expect(asOwner.body.applications.map((a: any) => a.id)).not.toContain(app.id);
    expectError(await call('PUT', `/application/applications/${app.id}`, { tenant: SUB, body: { description: 'x' } }), 403, 'security/Forbidden');
    const clone = await call('POST', `/application/applications/${app.id}/clone`, { tenant: SUB });
    expect(clone.status).toBe(201);
    expect(clone.body.owner.tenant.id).toBe(SUB.id);

    expect((await gw(`/tenant/tenants/${SUB.id}/applications/${app.id}`, { method: 'DELETE', as: SUB.admin })).status).toBe(204);
    await eventually(() => call('GET', `/application/applications/${app.id}`, { tenant: SUB }), (r) => r.status === 404, { timeoutMs: 30000, what: 'hidden again' });
    // A stale TenantSubscribed (version 1, before the unsubscribe's version 2) delivered again changes nothing.
    await subscription(TenantSubscribed, SUB.id, app, 1);
    await consumedBy('application-registry', [Topics.subscriptionEvents]);
    expect((await call('GET', `/application/applications/${app.id}`, { tenant: SUB })).status).toBe(404);
  });

  it('refuses to delete a subscribed MARKET application with 409 naming the tenants; force deletes and says so', async () => {
    const app = await create(OWNER, microservice({ availability: 'MARKET' }));
    await subscribe(app);
    // Delete only once the projection knows the subscription: a delete before that rightly succeeds.
    await eventually(
      () => call('GET', `/application/applicationsByTenant/${SUB.id}`, { tenant: SUB, roles: READ }),
      (r) => r.body?.applications?.some((a: any) => a.id === app.id), { timeoutMs: 30000, what: 'projection knows the subscription' },
    );
    const refused = await call('DELETE', `/application/applications/${app.id}`, { tenant: OWNER });
    expectError(refused, 409, 'applications/Update Conflict', new RegExp(SUB.id));
    expect((await call('GET', `/application/applications/${app.id}`, { tenant: OWNER })).status).toBe(200);
    expect((await call('DELETE', `/application/applications/${app.id}?force=true`, { tenant: OWNER })).status).toBe(204);
    expect((await call('GET', `/application/applications/${app.id}`, { tenant: OWNER })).status).toBe(404);
    const deleted = await eventOf('ApplicationDeleted', app.id);
    expect(deleted.payload).toMatchObject({ force: true, subscribedTenants: [SUB.id] });
  });

  it('deletes a subscribed PRIVATE application, naming its subscribers in the event', async () => {
    const app = await create(OWNER, microservice({ availability: 'MARKET' }));
    await subscribe(app);
    expect((await call('PUT', `/application/applications/${app.id}`, { tenant: OWNER, body: { availability: 'PRIVATE' } })).status).toBe(200);
    await eventually(() => call('GET', `/application/applications/${app.id}`, { tenant: SUB }), (r) => r.status === 200, { timeoutMs: 30000, what: 'subscribed' });
    expect((await call('DELETE', `/application/applications/${app.id}`, { tenant: OWNER })).status).toBe(204);
    expect((await eventOf('ApplicationDeleted', app.id)).payload).toMatchObject({ force: false, subscribedTenants: [SUB.id] });
  });
});
