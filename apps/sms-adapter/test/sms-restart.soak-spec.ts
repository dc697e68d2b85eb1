import { gw, killAndRestartApp, newTenant, testServerPort, TestSmsc } from '@berth/testing';
import { outbound, send, sendBody, smppConfiguration } from './sms-client';

const SMSC_PORT = testServerPort('smsc-soak');
const PASSWORD = 'restart-pw';
/**
 * The SMS adapter's restart run (sends across a kill and restart of the adapter), not part of `npm test`: `npm run test:sms-restart`. Known to fail
 * intermittently: a kill between the SMSC accepting a submit and the adapter noting it sends that
 * message again on retry (SMPP cannot de-duplicate). 1,000 messages by default; BERTH_SMS_RESTART_COUNT runs fewer.
 */
const COUNT = Number(process.env.BERTH_SMS_RESTART_COUNT || 1000);
const smsc = new TestSmsc({ port: SMSC_PORT, password: PASSWORD });

/** POSTs until accepted: while the adapter is down the gateway refuses, and the same clientCorrelator makes the retry safe. */
async function sendUntilAccepted(as: [string, string], i: number) {
  for (;;) {
    const res = await send(as, sendBody(['+4917612345678'], `bulk ${i}`, { clientCorrelator: `bulk-${i}` }), outbound()).catch(() => ({ status: 0, body: undefined }));
    if (res.status === 201) return;
    if (res.status > 0 && res.status < 500) throw new Error(`message ${i} refused: ${res.status} ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

afterAll(() => smsc.stop(), 30000);

it(`${COUNT} messages with a kill -9 and restart of the sms-adapter mid-run: each reaches the SMSC exactly once`, async () => {
  await smsc.start();
  const t = await newTenant();
  expect((await gw('/service/messaging/providers/configuration', { method: 'PUT', as: t.admin, body: smppConfiguration(SMSC_PORT, t.id, PASSWORD) })).status).toBe(200);
  let next = 0;
  let restarted: Promise<void> | undefined;
  const worker = async () => {
    while (next < COUNT) {
      const i = next++;
      if (!restarted && i === Math.floor(COUNT / 3)) restarted = killAndRestartApp('sms-adapter', 120_000);
      await sendUntilAccepted(t.admin, i);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  await restarted;
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
