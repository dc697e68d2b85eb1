import { ChildProcess, spawn } from 'node:child_process';
import { createServer, IncomingMessage, request, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { PRINCIPAL_HEADER, verifyPrincipal } from '@berth/auth';
import { OptionChanged, Topics } from '@berth/contracts';
import { createEnvelope } from '@berth/messaging';
import { basic, testStack } from '@berth/testing';
import { admin, BRAND, newTenant } from './gateway-client';

/** A second gateway of the test stack with a low platform default: 1 request per second, 2 may wait. */
const PORT = Number(process.env.BERTH_TEST_PORT_BASE || 18100) + 82;
const URL = `http://127.0.0.1:${PORT}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Stands between the second gateway and the stack's real tenant-options: forwards every request
 * unchanged and notes which tenant's rate-limit options were read (the gateway's only trace of a read).
 */
function passThrough(target: string, optionReads: string[]): Promise<Server> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/tenant/options/rate.limit/')) optionReads.push(verifyPrincipal(req.headers[PRINCIPAL_HEADER], process.env.BERTH_TEST_INTERNAL_KEY!)?.tenant ?? '?');
    const upstream = request(`${target}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function startGateway(tenantOptionsUrl: string): { child: ChildProcess; output: () => string } {
  const appUrls = { ...JSON.parse(process.env.BERTH_TEST_APP_URLS!) as Record<string, string>, 'tenant-options': tenantOptionsUrl };
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    BERTH_PORT: String(PORT), BERTH_METRICS_PORT: String(PORT + 1), BERTH_PUBLIC_URL: `http://localhost:${PORT}`,
    BERTH_DB_PREFIX: testStack.dbPrefix, BERTH_INTERNAL_KEY: process.env.BERTH_TEST_INTERNAL_KEY!,
    BERTH_RATE_LIMIT_PER_SECOND: '1', BERTH_RATE_LIMIT_QUEUE: '2',
  };
  for (const [app, url] of Object.entries(appUrls)) env[`${app.toUpperCase().replace(/-/g, '_')}_URL`] = url;
  const child = spawn(process.execPath, [join(__dirname, '..', '..', '..', 'dist', 'apps', 'gateway', 'src', 'main.js')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  return { child, output: () => output };
}

interface Answer { status: number; ms: number; retryAfter: string | null; contentType: string | null; body: any }

async function call(as: [string, string], path = '/platform', signal?: AbortSignal): Promise<Answer> {
  const started = Date.now();
  const res = await fetch(`${URL}${path}`, { headers: { authorization: basic(...as) }, signal });
  const text = await res.text();
  return { status: res.status, ms: Date.now() - started, retryAfter: res.headers.get('retry-after'), contentType: res.headers.get('content-type'), body: text ? JSON.parse(text) : undefined };
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
    expect(Math.max(...ok.map((a) => a.ms))).toBeGreaterThanOrEqual(900);
    for (const a of refused) {
      expect(a.retryAfter).toMatch(/^[1-9]\d*$/);
      expect(a.contentType).toBe(`${BRAND}.error+json;ver=0.9;charset=UTF-8`);
      expect(a.body).toMatchObject({ error: 'general/Too Many Requests', message: expect.any(String), info: expect.stringMatching(/^http/) });
      expect(a.ms).toBeLessThan(900);
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
    expect(mine.ms).toBeLessThan(500);
    const statuses = (await Promise.all(flood)).map((a) => a.status);
    expect(statuses).toContain(429);
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
    const queued = await call(admin());
    expect(queued.status).toBe(200);
    expect(queued.ms).toBeGreaterThanOrEqual(300);
    await sleep(1100);
  });

  it('does not limit unauthenticated public paths', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => fetch(`${URL}/health`).then((r) => r.status)));
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
        await producer.send({ topic: Topics.optionEvents, messages: [{ key: envelope.aggregateId, value: JSON.stringify(envelope) }] });
        await sleep(500);
        expect((await call(t.admin)).status).toBe(200);
      }
    } finally {
      await producer.disconnect();
    }
    expect(reads()).toBe(4);
  });
});
