import { randomBytes, randomUUID } from 'node:crypto';
import { Consumer, Kafka, logLevel } from 'kafkajs';
import { Envelope } from '@berth/messaging';
import { request } from 'undici';
import { admin, basic, BRAND, gw, managementTenant, newTenant, newUser, testStack } from '@berth/testing';

/** What go-c8y-cli sends with `c8y tenants update|enable|disable`: a JSON body, the tenant media type accepted. */
const TENANT_TYPE = `${BRAND}.tenant+json`;
const cli = (as: [string, string], id: string, body: unknown) => gw(`/tenant/tenants/${id}`, { method: 'PUT', as, body, headers: { accept: TENANT_TYPE } });

describe('PUT /tenant/tenants/{id} (the management tenant\'s tenant admins)', () => {
  const events: Array<Envelope<any>> = [];
  let consumer: Consumer;

  beforeAll(async () => {
    const kafka = new Kafka({ clientId: 'tenant-update-e2e', brokers: process.env.KAFKA_BROKERS!.split(','), logLevel: logLevel.NOTHING });
    consumer = kafka.consumer({ groupId: `tenant-update-e2e-${randomBytes(4).toString('hex')}` });
    await consumer.connect();
    await consumer.subscribe({ topic: testStack.topic('tenant.tenant.v1'), fromBeginning: true });
    await consumer.run({ eachMessage: async ({ message }) => { events.push(JSON.parse(message.value!.toString()) as Envelope<any>); } });
  });

  afterAll(async () => {
    await consumer?.disconnect();
  });

  async function eventFor(tenant: string, predicate: (payload: any) => boolean, ms = 30000) {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      const hit = events.find((e) => e.type === 'TenantChanged' && e.payload.tenant === tenant && predicate(e.payload));
      if (hit) return hit;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no matching TenantChanged within ${ms} ms`);
  }

  it('changes the fields the CLI sends, answers the tenant and reads it back at once, and publishes TenantChanged(updated)', async () => {
    const t = await newTenant();
    const res = await cli(admin(), t.id, { contactName: 'John Smith', contactPhone: '+49 30 123456', company: 'Acme Ltd', adminEmail: 'ops@acme.example.com' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(new RegExp(`^${TENANT_TYPE.replace(/[.+]/g, '\\$&')}`));
    expect(res.body).toMatchObject({ id: t.id, domain: t.domain, status: 'ACTIVE', contactName: 'John Smith', contactPhone: '+49 30 123456', company: 'Acme Ltd', adminEmail: 'ops@acme.example.com', parent: 'management' });
    expect((await gw(`/tenant/tenants/${t.id}`, { as: admin() })).body).toEqual(res.body);
    const event = await eventFor(t.id, (p) => p.change === 'updated');
    expect(event.payload).toEqual({ tenant: t.id, change: 'updated', domain: t.domain, parent: 'management' });
    expect(event.aggregateVersion).toBe(2);

    const removed = await cli(admin(), t.id, { contactPhone: null });
    expect(removed.status).toBe(200);
    expect(removed.body).not.toHaveProperty('contactPhone');
    expect(removed.body.contactName).toBe('John Smith');
  });

  it('merges customProperties key by key (null removes one); the tenant reads them as its current tenant', async () => {
    const t = await newTenant();
    expect((await cli(admin(), t.id, { customProperties: { plan: 'gold', seats: 5, trial: true } })).body.customProperties).toEqual({ plan: 'gold', seats: 5, trial: true });
    const res = await cli(admin(), t.id, { customProperties: { seats: 10, trial: null } });
    expect(res.body.customProperties).toEqual({ plan: 'gold', seats: 10 });
    expect((await gw('/tenant/currentTenant', { as: t.admin })).body.customProperties).toEqual({ plan: 'gold', seats: 10 });
    for (const customProperties of [[1], { _hidden: 'x' }, { nested: { a: 1 } }]) {
      expect(await cli(admin(), t.id, { customProperties })).toMatchObject({ status: 422, body: { error: 'tenants/Invalid Data' } });
    }
  });

  it('moves the tenant to a new domain, which logins by Host then find; a taken domain is 409', async () => {
    const t = await newTenant();
    const other = await newTenant();
    const label = `e2e-${randomUUID().slice(0, 8)}`;
    const res = await cli(admin(), t.id, { domain: `${label.toUpperCase()}.example.com` });
    expect(res).toMatchObject({ status: 200, body: { domain: `${label}.example.com` } });
    const byHost = await request(`${testStack.gatewayUrl}/tenant/currentTenant`, { headers: { host: `${label}.example.com`, authorization: basic('boss', t.admin[1]), accept: 'application/json' } });
    expect([byHost.statusCode, (await byHost.body.json() as { id: string }).id]).toEqual([200, t.id]);
    expect(await cli(admin(), t.id, { domain: other.domain })).toMatchObject({ status: 409, body: { error: 'tenants/Duplicate' } });
    expect((await gw(`/tenant/tenants/${t.id}`, { as: admin() })).body.domain).toBe(`${label}.example.com`);
  });

  it('`tenants disable` suspends the tenant: its users are refused from the next request on; `tenants enable` lets them back in', async () => {
    const t = await newTenant();
    expect((await gw('/user/currentUser', { as: t.admin })).status).toBe(200);
    expect(await cli(admin(), t.id, { status: 'SUSPENDED' })).toMatchObject({ status: 200, body: { status: 'SUSPENDED' } });
    expect((await gw('/user/currentUser', { as: t.admin })).status).toBe(401);
    expect(await cli(admin(), t.id, { status: 'ACTIVE' })).toMatchObject({ status: 200, body: { status: 'ACTIVE' } });
    expect((await gw('/user/currentUser', { as: t.admin })).status).toBe(200);
    const management = await cli(admin(), 'management', { status: 'SUSPENDED' });
    expect(management).toMatchObject({ status: 403, body: { error: 'tenants/Forbidden' } });
    expect((await gw('/user/currentUser', { as: admin() })).status).toBe(200);
  });

  it('takes a tenant read and sent back whole, refusing read-only fields changed and bad values with 422', async () => {
    const t = await newTenant();
    const read = (await gw(`/tenant/tenants/${t.id}`, { as: admin() })).body;
    expect(await cli(admin(), t.id, { ...read, contactName: 'Round Trip' })).toMatchObject({ status: 200, body: { ...read, contactName: 'Round Trip' } });
    const bad: Array<[unknown, string]> = [
      [{ id: 't00000000' }, 'id is read-only'], [{ parent: t.id }, 'parent is read-only'], [{ adminName: 'other' }, 'adminName is read-only'],
      [{ allowCreateTenants: true }, 'allowCreateTenants is read-only'], [{ status: 'DELETED' }, 'status must be one of ACTIVE, SUSPENDED'],
      [{ company: ' ' }, 'company is required'], [{ domain: 'not a domain' }, 'domain must be a DNS name'], [{ adminPass: `Pw-${randomUUID()}` }, 'adminPass cannot change here'],
    ];
    for (const [body, message] of bad) {
      const res = await cli(admin(), t.id, body);
      expect([res.status, res.body.error, res.body.message]).toEqual([422, 'tenants/Invalid Data', expect.stringContaining(message)]);
    }
    expect((await cli(admin(), t.id, ['not', 'an', 'object'])).status).toBe(422);
    expect((await gw(`/tenant/tenants/${t.id}`, { as: admin() })).body).toEqual({ ...read, contactName: 'Round Trip' });
  });

  it('is the management tenant\'s tenant admins\' alone: the tenant itself, other tenants and users without the role get 403, and an unknown tenant tells them nothing', async () => {
    const t = await newTenant();
    const other = await newTenant();
    const optionAdmin = await newUser(t, ['ROLE_OPTION_MANAGEMENT_ADMIN']);
    const reader = await newUser(managementTenant(), ['ROLE_TENANT_MANAGEMENT_READ']);
    for (const as of [t.admin, optionAdmin, other.admin, reader]) {
      const res = await cli(as, t.id, { contactName: 'Intruder' });
      expect([res.status, res.body.error]).toEqual([403, 'security/Forbidden']);
    }
    const known = await cli(other.admin, t.id, { contactName: 'x' });
    const unknown = await cli(other.admin, 't00000001', { contactName: 'x' });
    expect([unknown.status, unknown.body.message]).toEqual([known.status, known.body.message]);
    expect(await cli(admin(), 't00000001', { contactName: 'x' })).toMatchObject({ status: 404, body: { error: 'tenants/Not Found' } });
    expect((await gw(`/tenant/tenants/${t.id}`, { as: admin() })).body).not.toHaveProperty('contactName');
  });
});
