// Benchmark (docs/benchmarks/sms.md): SMS sends through the gateway to a local SMPP SMSC, next to BullMQ's own
// add/process rate on the same Redis, and a floor (tools/bench/sms-floor.js: HTTP → BullMQ → SMPP in
// one plain Node process, no gateway, auth or store), in one run. Run through `npm run bench:sms`
// (provisions the infra, builds). Options: --messages (5000), --concurrency (64 requests in flight), --port-base.
const { randomBytes, randomUUID } = require('node:crypto');
const { mkdirSync } = require('node:fs');
const { join } = require('node:path');
const { parseArgs } = require('node:util');
const { Queue, Worker } = require('bullmq');
const Redis = require('ioredis');
const { Pool } = require('undici');
const processes = require('./gateway/processes');
const { runBenchmark } = require('./lifecycle');
const { startStack: startBenchStack, stackPorts } = require('./bench-stack');
const { summarize, parallel, printTable } = require('./stats');
const { startSmsc } = require('./sms-smsc');
const { infraCpuMs } = require('./infra-cpu');

const { values: args } = parseArgs({
  options: {
    messages: { type: 'string', default: '5000' }, concurrency: { type: 'string', default: '64' },
    'port-base': { type: 'string', default: String(Number(process.env.BERTH_TEST_PORT_BASE || 18100) + 30) },
  },
});
const COUNT = Number(args.messages);
const CONCURRENCY = Number(args.concurrency);
const ROOT = join(__dirname, '..', '..');
const LOCAL = process.env.BERTH_LOCAL || join(ROOT, '.local');
const base = Number(args['port-base']);
const logDir = join(LOCAL, 'logs', `bench-sms-${base}`);
const { gatewayPort, all: stackPortList } = stackPorts(base);
const smscPort = gatewayPort + 2;
const floorPort = gatewayPort + 3;
const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
const prefix = `bm${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
const adminPassword = randomBytes(12).toString('base64url');
const SMS_CONCURRENCY = 50;
const SENDER = '+4915112345678';

const apps = new Map();

function startStack() {
  return startBenchStack({ base, prefix, adminPassword, logDir, apps, allowHosts: [`127.0.0.1:${smscPort}`], env: { BERTH_SMS_CONCURRENCY: String(SMS_CONCURRENCY), LOG_LEVEL: process.env.LOG_LEVEL || 'warn' } });
}

const basic = (user, password) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** One request through `pool` (keep-alive; undici's request costs the load less CPU than fetch). */
async function call(pool, path, { method = 'GET', body, auth } = {}) {
  const res = await pool.request({
    path, method, body: body === undefined ? undefined : JSON.stringify(body),
    headers: { ...(auth ? { authorization: auth } : {}), accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
  });
  const text = await res.body.text();
  return { status: res.statusCode, body: text && res.statusCode < 500 ? JSON.parse(text) : text };
}

const gatewayPool = new Pool(gatewayUrl, { connections: CONCURRENCY });
const gw = (path, { auth = basic('management/admin', adminPassword), ...rest } = {}) => call(gatewayPool, path, { auth, ...rest });

function expectStatus(res, status, what) {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return res;
}

/** A tenant whose provider is the local SMSC, bound. */
async function setUp(smsc) {
  const adminPass = `Pw-${randomUUID()}`;
  const tenant = expectStatus(await gw('/tenant/tenants', { method: 'POST', body: { company: 'Bench', domain: `bench-${randomUUID().slice(0, 8)}.example.com`, adminName: 'boss', adminPass, adminEmail: 'boss@example.com' } }), 201, 'tenant').body.id;
  const auth = basic(`${tenant}/boss`, adminPass);
  const configuration = { provider: 'smpp', senderAddress: SENDER, settings: { host: '127.0.0.1', port: String(smscPort), systemId: tenant, password: 'bench' } };
  expectStatus(await gw('/service/messaging/providers/configuration', { method: 'PUT', auth, body: configuration }), 200, 'provider configuration');
  const warm = `warm-up ${tenant}`;
  expectStatus(await send(auth, warm), 201, 'warm-up send');
  const deadline = Date.now() + 30000;
  while (!smsc.arrivals.has(warm) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (!smsc.arrivals.has(warm)) throw new Error('the warm-up message did not reach the SMSC');
  return auth;
}

const smsBody = (text) => ({ outboundSMSMessageRequest: { address: ['tel:+4917612345678'], senderAddress: `tel:${SENDER}`, outboundSMSTextMessage: { message: text } } });
const send = (auth, text) => gw(`/service/messaging/smsmessaging/outbound/${encodeURIComponent(`tel:${SENDER}`)}/requests`, { method: 'POST', auth, body: smsBody(text) });

/** CPU time (ms) used so far by each of `procs` (name → process), the infra, and this process (the load and the SMSC). */
function cpuNow(procs) {
  const own = process.cpuUsage();
  const procCpu = Object.fromEntries([...procs].map(([name, proc]) => {
    const { user, system } = processes.groupCpuMs(proc);
    return [name, user + system];
  }));
  return { ...procCpu, ...infraCpuMs(['ferretdb', 'redis', 'kafka']), 'this process (load, SMSC)': (own.user + own.system) / 1000 };
}

const appProcs = () => new Map([...apps].map(([name, { proc }]) => [name, proc]));

/** COUNT sends of `<tag> <i>` through `sendText`, CONCURRENCY in flight; then waits until the SMSC has every text. */
async function smsRuns(sendText, tag, smsc, procs) {
  const cpu0 = cpuNow(procs);
  const posted = new Array(COUNT);
  const started = Date.now();
  await parallel(COUNT, CONCURRENCY, async (i) => {
    posted[i] = Date.now();
    expectStatus(await sendText(`${tag} ${i}`), 201, `${tag} send ${i}`);
  });
  const acceptedAt = Date.now();
  const deadline = Date.now() + 600000;
  const arrival = (i) => smsc.arrivals.get(`${tag} ${i}`);
  const arrived = () => posted.filter((_, i) => arrival(i)).length;
  while (arrived() < COUNT && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  const at = posted.map((_, i) => arrival(i)?.at).filter(Boolean);
  const last = Math.max(...at);
  const duplicates = posted.filter((_, i) => (arrival(i)?.count ?? 0) > 1).length;
  const cpu1 = cpuNow(procs);
  const cpu = Object.entries(cpu1).filter(([name]) => cpu0[name] !== undefined && cpu1[name] !== undefined)
    .map(([name, ms]) => [name, (ms - cpu0[name]) / COUNT]);
  return {
    cpu,
    accepted: COUNT / ((acceptedAt - started) / 1000), delivered: at.length / ((last - started) / 1000), arrivedCount: at.length, duplicates,
    // The queue draining alone: arrivals after the last 201, over the time they took.
    drained: last > acceptedAt ? at.filter((t) => t > acceptedAt).length / ((last - acceptedAt) / 1000) : NaN,
    latency: summarize(posted.map((p, i) => (arrival(i)?.at ?? NaN) - p).filter((v) => !Number.isNaN(v))),
  };
}

/** The floor (tools/bench/sms-floor.js) in a process of its own, bound to the SMSC, measured like the stack. */
async function floorRuns(smsc) {
  const proc = processes.start('sms-floor', process.execPath, [join(__dirname, 'sms-floor.js'), String(floorPort), String(smscPort), 'bench', `${prefix}:floor`, String(SMS_CONCURRENCY)], {
    env: process.env, logFile: join(logDir, 'sms-floor.log'),
  });
  try {
    await processes.waitHttp(proc, `http://127.0.0.1:${floorPort}/`, 30000, (status) => status === 400);
    const pool = new Pool(`http://127.0.0.1:${floorPort}`, { connections: CONCURRENCY });
    const sendText = (text) => call(pool, '/outbound/requests', { method: 'POST', body: smsBody(text) });
    const run = await smsRuns(sendText, 'floor', smsc, new Map([['the floor process', proc]]));
    await pool.close();
    return run;
  } finally {
    await processes.stop(proc);
  }
}

/** BullMQ alone on the same Redis: COUNT adds (CONCURRENCY in flight, the adapter's job options), a worker of the adapter's concurrency doing nothing. */
async function bullRuns() {
  const connection = new Redis(process.env.REDIS_URL, { maxRetriesPerRequest: null });
  const queuePrefix = `${prefix}:bench`;
  const queue = new Queue('baseline', { connection, prefix: queuePrefix });
  let done = 0;
  let lastDone = 0;
  const started = Date.now();
  const worker = new Worker('baseline', async () => undefined, { connection, prefix: queuePrefix, concurrency: SMS_CONCURRENCY });
  worker.on('completed', () => { done++; lastDone = Date.now(); });
  const opts = (i) => ({ jobId: `j-${i}`, attempts: 10, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: { age: 3600, count: 100000 } });
  await parallel(COUNT, CONCURRENCY, (i) => queue.add('job', { i }, opts(i)));
  const addedAt = Date.now();
  const deadline = Date.now() + 300000;
  while (done < COUNT && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  await worker.close();
  await queue.obliterate({ force: true }).catch(() => undefined);
  await queue.close();
  connection.disconnect();
  return { added: COUNT / ((addedAt - started) / 1000), processed: done / ((lastDone - started) / 1000) };
}

/** The two runs side by side, then the targets (judged on Berth's run). */
function report(sms, floor, bull) {
  const rate = (v) => v.toFixed(0);
  const row = (label, f) => [label, f(sms), f(floor)];
  printTable(['', 'Berth (gateway, auth, store)', 'floor (HTTP → BullMQ → SMPP, 1 process)'], [
    row('accepted requests/s (201)', (r) => rate(r.accepted)),
    row('delivered messages/s (at the SMSC)', (r) => rate(r.delivered)),
    row('  of them after the last 201, per s (draining)', (r) => rate(r.drained)),
    row('delivered ÷ BullMQ process/s', (r) => (r.delivered / bull.processed).toFixed(2)),
    row('end-to-end p50 (ms, POST → submit_sm)', (r) => r.latency.p50),
    row('end-to-end p99 (ms)', (r) => r.latency.p99),
    row('arrived / duplicates at the SMSC', (r) => `${r.arrivedCount}/${COUNT}, ${r.duplicates}`),
    row('CPU ms per message, all processes', (r) => r.cpu.reduce((sum, [, ms]) => sum + ms, 0).toFixed(2)),
  ]);
  console.log(`BullMQ alone on the same Redis: ${rate(bull.added)} adds/s, ${rate(bull.processed)} no-op jobs processed/s`);
  console.log('CPU per message (ms), from the first POST until the last message arrived (receipts settling afterwards not included):');
  const names = [...new Set([...sms.cpu, ...floor.cpu].map(([name]) => name))];
  const cpuOf = (run, name) => run.cpu.find(([n]) => n === name)?.[1].toFixed(2) ?? '';
  printTable(['process', 'Berth', 'floor'], names.map((name) => [name, cpuOf(sms, name), cpuOf(floor, name)]));
  console.log(`target: accepted ≥ 1,000 requests/s: ${sms.accepted >= 1000 ? 'PASS' : 'FAIL'} (${rate(sms.accepted)}; the floor ${rate(floor.accepted)})`);
  console.log(`target: delivered ≥ 0.5 × BullMQ's processing rate: ${sms.delivered >= 0.5 * bull.processed ? 'PASS' : 'FAIL'} (${rate(sms.delivered)} vs ${rate(bull.processed)}; the floor ${rate(floor.delivered)})`);
}

async function main() {
  mkdirSync(logDir, { recursive: true });
  await processes.assertPortsFree([...stackPortList, smscPort, floorPort]);
  console.log(`SMS benchmark: ${COUNT} sends, ${CONCURRENCY} in flight, through the gateway to a local SMPP SMSC, then the same to the floor; BullMQ baseline ${COUNT} jobs; logs in ${logDir}`);
  const t0 = Date.now();
  const smsc = await startSmsc(smscPort, 'bench');
  try {
    await startStack();
    const auth = await setUp(smsc);
    const sms = await smsRuns((text) => send(auth, text), 'bench', smsc, appProcs());
    const floor = await floorRuns(smsc);
    const bull = await bullRuns();
    report(sms, floor, bull);
    console.log(`run took ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  } finally {
    await smsc.stop();
  }
}

runBenchmark(main, { prefix });
