import { readFileSync } from 'node:fs';
import { Kafka, logLevel } from 'kafkajs';
import { ExtraApp, freePort, startExtraApp, testStack } from '@berth/testing';

/** Where this spec's gateway listens (its metrics on the next port). */
const PORT = Number(process.env.BERTH_TEST_PORT_BASE || 18100) + 142;
const ERROR_TYPE = 'application/vnd.com.nsn.cumulocity.error+json;ver=0.9;charset=UTF-8';

/** The consumer group the gateway logged it follows its events in. */
async function loggedGroup(name: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const line = readFileSync(testStack.logFile(name), 'utf8').split('\n').find((l) => l.includes('following gateway events'));
    if (line) return JSON.parse(line).groupId;
    if (Date.now() > deadline) throw new Error(`${name} did not log its consumer group`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A gateway whose sms-adapter cannot be reached (nothing listens at its URL), beside the stack:
 * it is ready, says so on /health with the sms-adapter as a neighbour DOWN, answers 503 on the
 * sms-adapter's routes and serves the other apps' routes as usual.
 */
describe('gateway with one upstream app down', () => {
  let gateway: ExtraApp | undefined;
  const admin = new Kafka({ clientId: 'upstream-outage-e2e', brokers: process.env.KAFKA_BROKERS!.split(','), logLevel: logLevel.NOTHING }).admin();
  const get = (path: string) => fetch(`${gateway!.url}${path}`, { headers: testStack.adminAuth() });

  beforeAll(async () => {
    await admin.connect();
    gateway = await startExtraApp('gateway', 'gateway-sms-down', PORT, { SMS_ADAPTER_URL: `http://127.0.0.1:${await freePort()}` });
  });

  afterAll(async () => {
    await gateway?.stop();
    await admin.disconnect();
  });

  it('is ready on its own dependencies and reports the missing app as a neighbour', async () => {
    const res = await fetch(`${gateway!.url}/health`);
    const body: any = await res.json();
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ status: 'UP', dependencies: { kafka: { status: 'UP' }, redis: { status: 'UP' }, 'gateway-events': { status: 'UP' } } });
    expect(body.neighbours['sms-adapter']).toMatchObject({ status: 'DOWN', reason: expect.any(String) });
    expect(body.neighbours['tenant-options']).toEqual({ status: 'UP' });
  });

  it('answers the missing app\'s routes with 503 and the error resource', async () => {
    const res = await get('/service/messaging/smsmessaging/inbound/registrations/tel:+491/messages');
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toBe(ERROR_TYPE);
    expect(await res.json()).toMatchObject({ error: 'general/Service Unavailable', message: 'sms-adapter is not available, retry later' });
  });

  it('serves the other apps\' routes', async () => {
    const res = await get('/tenant/currentTenant');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: 'management' });
  });

  it('deletes its own consumer group when it shuts down', async () => {
    const groupId = await loggedGroup('gateway-sms-down');
    expect(groupId).toMatch(new RegExp(`^${testStack.dbPrefix}\\.gateway\\.`));
    expect((await admin.listGroups()).groups.map((g) => g.groupId)).toContain(groupId);
    await gateway!.stop();
    gateway = undefined;
    expect((await admin.listGroups()).groups.map((g) => g.groupId)).not.toContain(groupId);
  });
});
