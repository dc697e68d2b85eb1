import { randomBytes } from 'node:crypto';
import { Kafka, logLevel, Producer } from 'kafkajs';
import { SendSms, Topics } from '@berth/contracts';
import { createEnvelope } from '@berth/messaging';
import { eventually, gw, newTenant, testServerPort, TestSmsc, testStack } from '@berth/testing';
import { requestId } from '../src/sms/domain/sms-request';
import { outbound, smppConfiguration } from './sms-client';

// The soak spec's slot: that spec runs on its own (npm run test:sms-restart), never beside this one.
const SMSC_PORT = testServerPort('smsc-soak');
const PASSWORD = 'smsc-expiry-pw';
const TO = '+4917612345678';

const smsc = new TestSmsc({ port: SMSC_PORT, password: PASSWORD });
let t: { id: string; admin: [string, string] };
let producer: Producer;

/**
 * A `SendSms` command (what tenant-options sends for a TFA pin) put on the stack's command topic,
 * keyed by the tenant as tenant-options keys a tenant's commands, so the commands of one test are
 * handled in the order sent. Returns its text and the id of the request it becomes.
 */
async function command(expiresAt?: Date): Promise<{ text: string; request: string }> {
  const text = `code ${randomBytes(4).toString('hex')}`;
  const envelope = createEnvelope(SendSms, {
    source: 'tenant-options', tenantId: t.id, aggregateId: `${t.id}/u1`, aggregateVersion: 1,
    payload: { tenant: t.id, userName: 'u1', phoneNumber: TO, text, purpose: 'tfa-pin', ...(expiresAt ? { expiresAt: expiresAt.toISOString() } : {}) },
  });
  await producer.send({ topic: testStack.topic(Topics.smsSendCommands), messages: [{ key: t.id, value: JSON.stringify(envelope) }] });
  return { text, request: requestId(t.id, `command\n${envelope.id}`) };
}

const deliveryInfos = (request: string) => gw(`${outbound()}/${request}/deliveryInfos`, { as: t.admin });
const statusOf = (res: Awaited<ReturnType<typeof deliveryInfos>>): string | undefined => res.body?.deliveryInfoList?.deliveryInfo?.[0]?.deliveryStatus;
const FINAL = ['DeliveredToTerminal', 'DeliveryImpossible', 'DeliveryUncertain'];
const submitted = (text: string) => smsc.submits.filter((s) => s.systemId === t.id && s.text === text);

beforeAll(async () => {
  await smsc.start();
  t = await newTenant();
  const put = await gw('/service/messaging/providers/configuration', { method: 'PUT', as: t.admin, body: smppConfiguration(SMSC_PORT, t.id, PASSWORD) });
  expect(put.status).toBe(200);
  expect(await eventually(async () => smsc.isBound(t.id), (b) => b, 20000)).toBe(true);
  producer = new Kafka({ clientId: 'send-sms-expiry-e2e', brokers: process.env.KAFKA_BROKERS!.split(','), logLevel: logLevel.NOTHING }).producer();
  await producer.connect();
}, 60000);

afterAll(async () => {
  await producer?.disconnect();
  await smsc.stop();
});

/**
 * `SendSms.expiresAt`: a command that arrives expired is dropped, never stored nor submitted; one
 * that expires while the adapter waits for its SMSC is not submitted when the SMSC comes back. A
 * later command of the same tenant, delivered, is the barrier after which absence is checked.
 */
describe('sms-adapter: SendSms expiry', () => {
  it('drops a command that arrives expired; the next one is delivered', async () => {
    const expired = await command(new Date(Date.now() - 60_000));
    const fresh = await command(new Date(Date.now() + 300_000));
    await eventually(async () => submitted(fresh.text), (s) => s.length === 1, 30000);
    const delivered = await eventually(() => deliveryInfos(fresh.request), (r) => r.body?.deliveryInfoList?.deliveryInfo?.[0]?.deliveryStatus === 'DeliveredToTerminal', 20000);
    expect(delivered.status).toBe(200);

    expect(submitted(expired.text)).toEqual([]);
    const none = await deliveryInfos(expired.request);
    expect({ status: none.status, error: none.body?.error }).toEqual({ status: 404, error: 'messaging/Not Found' });
  }, 60000);

  it('does not submit a command that expired while its SMSC was down, once the SMSC is back; the next one is delivered', async () => {
    await smsc.stop();
    const expiresAt = new Date(Date.now() + 2000);
    const late = await command(expiresAt);
    // Stored before it expired: the adapter has taken it and waits for the SMSC.
    const stored = await eventually(() => deliveryInfos(late.request), (r) => r.status === 200 || Date.now() > expiresAt.getTime(), 10000);
    expect(statusOf(stored)).toBe('MessageWaiting');
    await eventually(async () => Date.now(), (now) => now > expiresAt.getTime(), 10000);
    await smsc.start();

    const ended = await eventually(() => deliveryInfos(late.request), (r) => FINAL.includes(statusOf(r) ?? ''), 30000);
    expect(ended.body.deliveryInfoList.deliveryInfo[0]).toMatchObject({ deliveryStatus: 'DeliveryImpossible', description: 'expired before it could be sent' });

    const fresh = await command(new Date(Date.now() + 300_000));
    await eventually(async () => submitted(fresh.text), (s) => s.length === 1, 30000);
    const delivered = await eventually(() => deliveryInfos(fresh.request), (r) => statusOf(r) === 'DeliveredToTerminal', 20000);
    expect(delivered.status).toBe(200);
    expect(submitted(late.text)).toEqual([]);
  }, 90000);
});
