import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { gw, newTenant, testStack } from '@berth/testing';
import { outbound, send, sendBody, smppConfiguration } from './sms-client';
import { TestSmsc } from './test-smsc';

const SMSC_PORT = Number(process.env.BERTH_TEST_PORT_BASE || 18100) + 51;
const PASSWORD = 'restart-pw';
/** 1,000 by default (issue 9); BERTH_SMS_RESTART_COUNT runs fewer on a slow store. */
const COUNT = Number(process.env.BERTH_SMS_RESTART_COUNT || 1000);
const smsc = new TestSmsc({ port: SMSC_PORT, password: PASSWORD });
let replacement: ChildProcess | undefined;

/** Starts an sms-adapter like the stack's, on the same port and database, after the stack's was killed. */
function restartAdapter(): ChildProcess {
  const url = new URL(testStack.appUrl('sms-adapter'));
  const gateway = new URL(testStack.gatewayUrl);
  const child = spawn(process.execPath, [join(__dirname, '..', '..', '..', 'dist', 'apps', 'sms-adapter', 'src', 'main.js')], {
    env: {
      ...process.env, PORT: url.port, BERTH_DB_PREFIX: testStack.dbPrefix, BERTH_INTERNAL_KEY: process.env.BERTH_TEST_INTERNAL_KEY!,
      TENANT_OPTIONS_URL: testStack.appUrl('tenant-options'), BERTH_PUBLIC_URL: `http://localhost:${gateway.port}`, BERTH_SMS_ALLOW_PRIVATE_URLS: 'true',
    },
    stdio: 'ignore',
  });
  return child;
}

/** POSTs until accepted: while the adapter is down the gateway refuses, and the same clientCorrelator makes the retry safe. */
async function sendUntilAccepted(as: [string, string], i: number) {
  for (;;) {
    const res = await send(as, sendBody(['+4917612345678'], `bulk ${i}`, { clientCorrelator: `bulk-${i}` }), outbound()).catch(() => ({ status: 0, body: undefined }));
    if (res.status === 201) return;
    if (res.status > 0 && res.status < 500) throw new Error(`message ${i} refused: ${res.status} ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

afterAll(async () => {
  const child = replacement;
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  await smsc.stop();
}, 30000);

it(`${COUNT} messages with a kill -9 and restart of the sms-adapter mid-run: each reaches the SMSC exactly once`, async () => {
  await smsc.start();
  const t = await newTenant();
  expect((await gw('/service/messaging/providers/configuration', { method: 'PUT', as: t.admin, body: smppConfiguration(SMSC_PORT, t.id, PASSWORD) })).status).toBe(200);
  let next = 0;
  let killed = false;
  const worker = async () => {
    while (next < COUNT) {
      const i = next++;
      if (!killed && i === Math.floor(COUNT / 3)) {
        killed = true;
        process.kill(testStack.pid('sms-adapter'), 'SIGKILL');
        setTimeout(() => { replacement = restartAdapter(); }, 2000);
      }
      await sendUntilAccepted(t.admin, i);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  const deadline = Date.now() + 900_000;
  const distinct = () => new Set(smsc.submits.filter((s) => s.systemId === t.id).map((s) => s.text)).size;
  while (distinct() < COUNT && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
  await new Promise((r) => setTimeout(r, 3000));
  const texts = smsc.submits.filter((s) => s.systemId === t.id).map((s) => s.text);
  const counts = new Map<string, number>();
  for (const text of texts) counts.set(text, (counts.get(text) ?? 0) + 1);
  expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
  expect(counts.size).toBe(COUNT);
}, 1_800_000);
