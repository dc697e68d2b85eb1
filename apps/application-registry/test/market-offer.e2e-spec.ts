import type { Consumer } from 'kafkajs';
import { TenantChanged, Topics } from '@berth/contracts';
import { createEnvelope, Envelope, Publisher } from '@berth/messaging';
import { admin, BRAND, defined, eventually, gw, newTenant, TenantHandle, testStack } from '@berth/testing';
import { kafka, unique } from './registry-client';

type Creds = [string, string];
type Answer = Awaited<ReturnType<typeof gw>>;

const tenantEvents: Envelope[] = [];
let consumer: Consumer;
let publisher: Publisher;

beforeAll(async () => {
  const client = kafka();
  publisher = new Publisher(client);
  consumer = client.consumer({ groupId: unique('market-e2e-'), maxWaitTimeInMs: 100 });
  await consumer.connect();
  await consumer.subscribe({ topics: [testStack.topic(Topics.tenantEvents)], fromBeginning: true });
  await consumer.run({ eachMessage: async ({ message }) => { tenantEvents.push(JSON.parse(message.value!.toString())); } });
});

afterAll(async () => {
  await consumer?.disconnect();
  await publisher?.disconnect();
});

async function marketMicroservice(as: Creds) {
  const name = unique('ms');
  const res = await gw('/application/applications', { method: 'POST', as, body: { name, key: `${name}-key`, type: 'MICROSERVICE', availability: 'MARKET' } });
  if (res.status !== 201) throw new Error(`not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; name: string };
}

const subscribe = (tenant: TenantHandle, id: string, as: Creds = tenant.admin) =>
  gw(`/tenant/tenants/${tenant.id}/applications`, { method: 'POST', as, body: { application: { id } } });

/** Application ids of a listing as `as` sees it. */
async function listed(path: string, as: Creds): Promise<string[]> {
  const res = await gw(path, { as });
  expect({ path, status: res.status }).toEqual({ path, status: 200 });
  return res.body.applications.map((a: { id: string }) => a.id);
}

function expectNotFound(res: Answer) {
  expect({ status: res.status, error: res.body?.error }).toEqual({ status: 404, error: 'applications/Not Found' });
  expect(res.headers.get('content-type')).toBe(`${BRAND}.error+json;ver=0.9;charset=UTF-8`);
  expect(res.body).toMatchObject({ message: expect.any(String), info: expect.stringMatching(/^http/) });
}

describe('MARKET applications are offered to the owner\'s subtenants; the management tenant\'s to every tenant', () => {
  it('records the creator as the tenant\'s parent, in its representation and its event', async () => {
    const a = await newTenant();
    expect((await gw(`/tenant/tenants/${a.id}`, { as: admin() })).body).toMatchObject({ id: a.id, parent: 'management' });
    const management = await gw('/tenant/tenants/management', { as: admin() });
    expect(management.status).toBe(200);
    expect(management.body).not.toHaveProperty('parent');
    const created = await eventually(async () => tenantEvents.find((e) => e.type === TenantChanged.type && e.aggregateId === a.id), defined, { timeoutMs: 30000, what: 'TenantChanged' });
    expect(created.payload).toMatchObject({ tenant: a.id, change: 'created', parent: 'management' });
  });

  it('hides B\'s MARKET microservice from A, which B did not create: not listed, 404 on GET and subscribe; the management tenant\'s stays offered', async () => {
    const [a, b] = [await newTenant(), await newTenant()];
    const market = await marketMicroservice(b.admin);
    // B subscribes itself: the subscription app knows the application, so A's refusal below is the visibility rule.
    expect((await subscribe(b, market.id)).status).toBe(201);

    for (const path of [
      '/application/applications?pageSize=2000', `/application/applications?owner=${b.id}`, `/application/applicationsByName/${market.name}`,
      `/application/applicationsByOwner/${b.id}`, '/application/applicationsByUser/boss?pageSize=2000',
    ]) {
      expect({ path, ids: await listed(path, a.admin) }).toEqual({ path, ids: expect.not.arrayContaining([market.id]) });
    }
    const got = await gw(`/application/applications/${market.id}`, { as: a.admin });
    expectNotFound(got);
    const refused = await subscribe(a, market.id);
    expectNotFound(refused);
    expect({ error: refused.body.error, message: refused.body.message }).toEqual({ error: got.body.error, message: got.body.message });
    // Nor may the management tenant's admin subscribe A to it: what A sees decides.
    expectNotFound(await subscribe(a, market.id, admin()));
    // (`?tenant=B` is refused to A outright: docs/security.md, "Who reads a tenant's subscriptions".)
    expect(await listed('/application/applicationsByTenant/' + a.id, a.admin)).not.toContain(market.id);

    // The owner still sees its own; the management tenant's MARKET application is listed and subscribable for A.
    expect(await listed(`/application/applicationsByName/${market.name}`, b.admin)).toEqual([market.id]);
    const offered = await marketMicroservice(admin());
    expect(await listed('/application/applications?pageSize=2000', a.admin)).toContain(offered.id);
    expect(await listed(`/application/applicationsByName/${offered.name}`, a.admin)).toEqual([offered.id]);
    expect((await gw(`/application/applications/${offered.id}`, { as: a.admin })).status).toBe(200);
    expect((await subscribe(a, offered.id)).status).toBe(201);
  });

  it('offers B\'s MARKET microservice to a tenant whose parent is B, and not its PRIVATE one', async () => {
    const [b, c] = [await newTenant(), await newTenant()];
    const market = await marketMicroservice(b.admin);
    const name = unique('ms');
    const priv = await gw('/application/applications', { method: 'POST', as: b.admin, body: { name, key: `${name}-key`, type: 'MICROSERVICE' } });
    expect(priv.status).toBe(201);
    expectNotFound(await gw(`/application/applications/${market.id}`, { as: c.admin }));
    // Only the management tenant creates tenants through the API, so C's parent B is announced the way tenant-options would announce it.
    await publisher.publish(testStack.topic(Topics.tenantEvents), createEnvelope(TenantChanged, {
      source: 'market-e2e', tenantId: c.id, aggregateId: c.id, aggregateVersion: 2, payload: { tenant: c.id, change: 'updated', parent: b.id },
    }));
    await eventually(() => gw(`/application/applications/${market.id}`, { as: c.admin }), (r) => r.status === 200, { timeoutMs: 30000, what: 'registry knows the parent' });
    expect(await listed(`/application/applicationsByOwner/${b.id}`, c.admin)).toEqual([market.id]);
    const subscribed = await eventually(() => subscribe(c, market.id), (r) => r.status !== 404, { timeoutMs: 30000, what: 'subscription app knows the parent' });
    expect(subscribed.status).toBe(201);
    expectNotFound(await gw(`/application/applications/${priv.body.id}`, { as: c.admin }));
    expectNotFound(await subscribe(c, priv.body.id));
  });
});
