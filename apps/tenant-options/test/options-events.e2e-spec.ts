import { randomBytes } from 'node:crypto';
import { Consumer, Kafka, logLevel } from 'kafkajs';
import { Envelope } from '@berth/messaging';
import { eventually, testStack } from '@berth/testing';
import { admin, call, newTenant, system, TenantHandle } from './options-fixture';

const TOPIC = 'tenant.option.v1';

describe('tenant options: OptionChanged events', () => {
  let tenant: TenantHandle;
  const seen: Array<{ key: string; envelope: Envelope<any> }> = [];
  let consumer: Consumer;

  beforeAll(async () => {
    tenant = await newTenant();
    const kafka = new Kafka({ clientId: 'options-e2e', brokers: process.env.KAFKA_BROKERS!.split(','), logLevel: logLevel.NOTHING });
    consumer = kafka.consumer({ groupId: `options-e2e-${randomBytes(4).toString('hex')}` });
    await consumer.connect();
    await consumer.subscribe({ topic: testStack.topic(TOPIC), fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        const envelope = JSON.parse(message.value!.toString()) as Envelope<any>;
        if (envelope.tenantId === tenant?.id || envelope.aggregateId.startsWith('@system/evt.')) seen.push({ key: message.key!.toString(), envelope });
      },
    });
  });

  afterAll(async () => {
    await consumer?.disconnect();
  });

  const waitFor = async (predicate: (e: { key: string; envelope: Envelope<any> }) => boolean) =>
    (await eventually(() => seen, (events) => events.some(predicate), { timeoutMs: 30000, what: 'a matching OptionChanged event' })).find(predicate)!;

  it('a created, updated and deleted option each emit OptionChanged keyed <tenant>/<category>/<key>', async () => {
    await call(admin(tenant), 'POST', '/tenant/options', { category: 'access.control', key: 'allow.origin', value: 'https://a.example.com' });
    await call(admin(tenant), 'PUT', '/tenant/options/access.control/allow.origin', { value: '*' });
    await call(admin(tenant), 'DELETE', '/tenant/options/access.control/allow.origin');
    const key = `${tenant.id}/access.control/allow.origin`;
    const created = await waitFor((e) => e.key === key && e.envelope.payload.change === 'created');
    expect(created.envelope).toMatchObject({
      type: 'OptionChanged', version: 1, source: 'tenant-options', tenantId: tenant.id, aggregateId: key, aggregateVersion: 1, processingMode: 'PERSISTENT',
      payload: { category: 'access.control', key: 'allow.origin', change: 'created', scope: 'tenant', value: 'https://a.example.com', editable: true },
    });
    expect((await waitFor((e) => e.key === key && e.envelope.payload.change === 'updated')).envelope).toMatchObject({ aggregateVersion: 2, payload: { value: '*' } });
    const deleted = await waitFor((e) => e.key === key && e.envelope.payload.change === 'deleted');
    expect(deleted.envelope.aggregateVersion).toBe(3);
    expect(deleted.envelope.payload.value).toBeUndefined();
  });

  it('a secret\'s event never carries its value', async () => {
    const secret = `secret-${randomBytes(6).toString('hex')}`;
    await call(admin(tenant), 'PUT', '/tenant/options/sms/credentials.apiKey', { value: secret });
    const event = await waitFor((e) => e.key === `${tenant.id}/sms/credentials.apiKey`);
    expect(event.envelope.payload).toEqual({ category: 'sms', key: 'credentials.apiKey', change: 'created', scope: 'tenant', editable: true, encrypted: true });
    expect(JSON.stringify(event.envelope)).not.toContain(secret);
  });

  it('locking emits an update with editable false; a system option change is keyed @system/…', async () => {
    await call(admin(tenant), 'PUT', '/tenant/options/evt.lock/k', { value: 'v' });
    await call(system(), 'PUT', `/tenant/tenants/${tenant.id}/options/evt.lock/k/editable`, { editable: 'false' });
    expect((await waitFor((e) => e.key === `${tenant.id}/evt.lock/k` && e.envelope.payload.editable === false)).envelope.payload.change).toBe('updated');
    await call(system(), 'PUT', '/tenant/system/options/evt.sys/k', { value: 'v' });
    const sys = await waitFor((e) => e.key === '@system/evt.sys/k');
    expect(sys.envelope).toMatchObject({ tenantId: 'management', payload: { scope: 'system', value: 'v' } });
  });

  it('TRANSIENT answers and notifies without storing', async () => {
    const res = await call(admin(tenant), 'PUT', '/tenant/options/evt.transient/k', { value: 'fleeting' }, { 'x-cumulocity-processing-mode': 'TRANSIENT' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ category: 'evt.transient', key: 'k', value: 'fleeting' });
    const event = await waitFor((e) => e.key === `${tenant.id}/evt.transient/k`);
    expect(event.envelope).toMatchObject({ processingMode: 'TRANSIENT', payload: { change: 'created', value: 'fleeting' } });
    expect((await call(admin(tenant), 'GET', '/tenant/options/evt.transient/k')).status).toBe(404);
    const quiescent = await call(admin(tenant), 'PUT', '/tenant/options/evt.transient/q', { value: 'kept' }, { 'x-cumulocity-processing-mode': 'QUIESCENT' });
    expect(quiescent.status).toBe(200);
    expect((await call(admin(tenant), 'GET', '/tenant/options/evt.transient/q')).body.value).toBe('kept');
  });
});
