import type { Consumer } from 'kafkajs';
import { Topics, TenantSubscribed, TenantUnsubscribed } from '@berth/contracts';
import { createEnvelope, Envelope, Publisher } from '@berth/messaging';
import { testStack } from '@berth/testing';
import { call, create, eventually, expectError, kafka, microservice, READ, unique } from './registry-client';

const OWNER = unique('pub');
const SUB = unique('sub');
const received: Envelope[] = [];
let consumer: Consumer;
let publisher: Publisher;

async function subscription(contract: typeof TenantSubscribed, tenant: string, app: any, version: number) {
  const envelope = createEnvelope(contract, {
    source: 'registry-e2e', tenantId: tenant, aggregateId: `${tenant}/${app.id}`, aggregateVersion: version,
    payload: { tenant, applicationId: app.id, applicationName: app.name, isolation: 'MULTI_TENANT' },
  });
  await publisher.publish(testStack.topic(Topics.subscriptionEvents), envelope);
}

const eventOf = (type: string, id: string) => eventually(async () => received.find((e) => e.type === type && e.aggregateId === id), 30000, `${type} of ${id}`);

beforeAll(async () => {
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
      source: 'application-registry', tenantId: OWNER, aggregateVersion: 1, processingMode: 'PERSISTENT',
      payload: { id: app.id, name: app.name, type: 'MICROSERVICE', ownerTenant: OWNER, key: app.key, availability: 'PRIVATE' },
    });
    await call('PUT', `/application/applications/${app.id}`, { tenant: OWNER, body: { availability: 'MARKET', description: 'x' } });
    const updated = await eventOf('ApplicationUpdated', app.id);
    expect(updated).toMatchObject({ aggregateVersion: 2, payload: { availability: 'MARKET', changed: ['availability', 'description'] } });
    await call('DELETE', `/application/applications/${app.id}`, { tenant: OWNER });
    const deleted = await eventOf('ApplicationDeleted', app.id);
    expect(deleted.payload).toEqual({ id: app.id, name: app.name, type: 'MICROSERVICE', ownerTenant: OWNER, force: false, subscribedTenants: [] });
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
    await subscription(TenantSubscribed, SUB, app, 1);
    await eventually(async () => ((await call('GET', `/application/applications/${app.id}`, { tenant: SUB, roles: READ })).status === 200 ? true : undefined), 30000, 'subscriber sees it');
    for (const path of [`/application/applicationsByTenant/${SUB}`, `/application/applications?subscriber=${SUB}`, `/application/applications?providedFor=${SUB}`, `/application/applications?tenant=${SUB}`]) {
      const res = await call('GET', path, { tenant: SUB, roles: READ });
      expect(res.body.applications.map((a: any) => a.id)).toEqual([app.id]);
    }
    const asOwner = await call('GET', `/application/applications?providedFor=${OWNER}`, { tenant: OWNER });
    expect(asOwner.body.applications).toEqual([]);
    expectError(await call('PUT', `/application/applications/${app.id}`, { tenant: SUB, body: { description: 'x' } }), 403, 'security/Forbidden');
    const clone = await call('POST', `/application/applications/${app.id}/clone`, { tenant: SUB });
    expect(clone.status).toBe(201);
    expect(clone.body.owner.tenant.id).toBe(SUB);

    await subscription(TenantUnsubscribed, SUB, app, 2);
    await eventually(async () => ((await call('GET', `/application/applications/${app.id}`, { tenant: SUB })).status === 404 ? true : undefined), 30000, 'hidden again');
    await subscription(TenantSubscribed, SUB, app, 1);
    await new Promise((r) => setTimeout(r, 2000));
    expect((await call('GET', `/application/applications/${app.id}`, { tenant: SUB })).status).toBe(404);
  });

  it('refuses to delete a subscribed MARKET application with 409 naming the tenants; force deletes and says so', async () => {
    const app = await create(OWNER, microservice({ availability: 'MARKET' }));
    await subscription(TenantSubscribed, SUB, app, 1);
    // Delete only once the projection knows the subscription: a delete before that rightly succeeds.
    await eventually(async () => {
      const res = await call('GET', `/application/applicationsByTenant/${SUB}`, { tenant: SUB, roles: READ });
      return res.body?.applications?.some((a: any) => a.id === app.id) ? true : undefined;
    }, 30000, 'projection knows the subscription');
    const refused = await call('DELETE', `/application/applications/${app.id}`, { tenant: OWNER });
    expectError(refused, 409, 'applications/Update Conflict', new RegExp(SUB));
    expect((await call('GET', `/application/applications/${app.id}`, { tenant: OWNER })).status).toBe(200);
    expect((await call('DELETE', `/application/applications/${app.id}?force=true`, { tenant: OWNER })).status).toBe(204);
    expect((await call('GET', `/application/applications/${app.id}`, { tenant: OWNER })).status).toBe(404);
    const deleted = await eventOf('ApplicationDeleted', app.id);
    expect(deleted.payload).toMatchObject({ force: true, subscribedTenants: [SUB] });
  });

  it('deletes a subscribed PRIVATE application, naming its subscribers in the event', async () => {
    const app = await create(OWNER, microservice());
    await subscription(TenantSubscribed, SUB, app, 1);
    await eventually(async () => ((await call('GET', `/application/applications/${app.id}`, { tenant: SUB })).status === 200 ? true : undefined), 30000, 'subscribed');
    expect((await call('DELETE', `/application/applications/${app.id}`, { tenant: OWNER })).status).toBe(204);
    expect((await eventOf('ApplicationDeleted', app.id)).payload).toMatchObject({ force: false, subscribedTenants: [SUB] });
  });
});
