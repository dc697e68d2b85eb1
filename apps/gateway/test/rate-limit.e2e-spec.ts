import type { Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Kafka, logLevel } from 'kafkajs';
import { OptionChanged, Topics } from '@berth/contracts';
import { createEnvelope } from '@berth/messaging';
import { admin, basic, BRAND, newTenant, testStack } from '@berth/testing';
import { passThrough, sleep, startGateway, SECOND_GATEWAY_URL } from './second-gateway';

/** `done` is the answer's place among all answers of the spec: which came before which, without reading a clock. */
interface Answer { status: number; done: number; retryAfter: string | null; contentType: string | null; body: any }

let answered = 0;
async function call(as: [string, string], path = '/platform', signal?: AbortSignal): Promise<Answer> {
  const res = await fetch(`${SECOND_GATEWAY_URL}${path}`, { headers: { authorization: basic(...as) }, signal });
  const text = await res.text();
  return { status: res.status, done: ++answered, retryAfter: res.headers.get('retry-after'), contentType: res.headers.get('content-type'), body: text ? JSON.parse(text) : undefined };
}

/** One request, then a pause so the tenant's bucket is full again: its credentials and limits are loaded. */
async function warm(as: [string, string]) {
  expect((await call(as)).status).toBe(200);
  await sleep(1100);
}

describe('gateway: per-tenant rate limits', () => {
  let gateway: ReturnType<typeof startGateway>;
  let recorder: Server;
  const optionReads: string[] = [];

  beforeAll(async () => {
    recorder = await passThrough(testStack.appUrl('tenant-options'), optionReads);
    gateway = startGateway(`http://127.0.0.1:${(recorder.address() as AddressInfo).port}`);
    const deadline = Date.now() + 30_000;
    while (!gateway.output().includes('gateway ready')) {
      if (gateway.child.exitCode !== null || Date.now() > deadline) throw new Error(`second gateway did not start:\n${gateway.output()}`);
      await sleep(100);
    }
  });

  afterAll(async () => {
    const exited = new Promise((r) => gateway.child.once('exit', r));
    gateway.child.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000)]);
    gateway.child.kill('SIGKILL');
    recorder.close();
  });

  it('serves one request at once, queues two until tokens free, and refuses the rest with 429 and Retry-After', async () => {
    await warm(admin());
    const answers = await Promise.all(Array.from({ length: 8 }, () => call(admin())));
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 429);
    expect(ok.length + refused.length).toBe(8);
    expect(ok.length).toBeGreaterThanOrEqual(3);
    expect(ok.length).toBeLessThanOrEqual(4);
    // Refusals do not wait in the queue: each is answered before the last queued request, which waits for a token.
    const lastServed = Math.max(...ok.map((a) => a.done));
    for (const a of refused) {
      expect(a.retryAfter).toMatch(/^[1-9]\d*$/);
      expect(a.contentType).toBe(`${BRAND}.error+json;ver=0.9;charset=UTF-8`);
      expect(a.body).toMatchObject({ error: 'general/Too Many Requests', message: expect.any(String), info: expect.stringMatching(/^http/) });
      expect(a.done).toBeLessThan(lastServed);
    }
    await sleep(Number(refused[0].retryAfter) * 1000);
    expect((await call(admin())).status).toBe(200);
  });

  it('limits each tenant on its own: another tenant passes at once while one tenant\'s queue is full', async () => {
    const other = await newTenant();
    await warm(other.admin);
    await warm(admin());
    const flood = Array.from({ length: 4 }, () => call(admin()));
    await sleep(150);
    const mine = await call(other.admin);
    expect(mine.status).toBe(200);
    const answers = await Promise.all(flood);
    expect(answers.map((a) => a.status)).toContain(429);
    // The other tenant was not queued behind them: it was answered before the flood's queued requests.
    expect(mine.done).toBeLessThan(Math.max(...answers.filter((a) => a.status === 200).map((a) => a.done)));
    await sleep(2000);
  });

  it('gives a queued place back when its client goes away', async () => {
    await warm(admin());
    expect((await call(admin())).status).toBe(200);
    const gone = new AbortController();
    const abandoned = [call(admin(), '/platform', gone.signal), call(admin(), '/platform', gone.signal)].map((p) => p.catch(() => 'aborted'));
    await sleep(150);
    gone.abort();
    expect(await Promise.all(abandoned)).toEqual(['aborted', 'aborted']);
    await sleep(150);
    // Both places are free again: two more requests are queued and served, none refused.
    expect((await Promise.all([call(admin()), call(admin())])).map((a) => a.status)).toEqual([200, 200]);
    await sleep(2100);
  });

  it('does not limit unauthenticated public paths', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => fetch(`${SECOND_GATEWAY_URL}/health`).then((r) => r.status)));
    expect(answers.every((s) => s !== 429)).toBe(true);
  });

  it('reads a tenant\'s rate-limit options on its first request only, and again after an OptionChanged event for rate.limit', async () => {
    const t = await newTenant();
    const reads = () => optionReads.filter((tenant) => tenant === t.id).length;
    expect((await call(t.admin)).status).toBe(200);
    expect(reads()).toBe(2);
    expect((await call(t.admin)).status).toBe(200);
    expect(reads()).toBe(2);
    const kafka = new Kafka({ clientId: 'rate-limit-e2e', brokers: process.env.KAFKA_BROKERS!.split(','), logLevel: logLevel.NOTHING });
    const producer = kafka.producer();
    await producer.connect();
    try {
      // The gateway's listener reads from the newest offset once it has joined; until then events pass it by.
      const deadline = Date.now() + 30_000;
      while (reads() === 2 && Date.now() < deadline) {
        const envelope = createEnvelope(OptionChanged, {
          source: 'tenant-options', tenantId: t.id, aggregateId: `${t.id}/rate.limit/requests.per.second`, aggregateVersion: 1,
          payload: { category: 'rate.limit', key: 'requests.per.second', change: 'updated' },
        });
        await producer.send({ topic: testStack.topic(Topics.optionEvents), messages: [{ key: envelope.aggregateId, value: JSON.stringify(envelope) }] });
        await sleep(500);
        expect((await call(t.admin)).status).toBe(200);
      }
    } finally {
      await producer.disconnect();
    }
    expect(reads()).toBe(4);
  });
});
