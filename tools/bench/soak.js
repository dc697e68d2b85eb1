// Soak (docs/benchmarks/soak.md): a fixed-rate mix of writes and reads through the gateway for --minutes (10),
// printing per minute the requests, errors, p50/p99 and each app's resident memory, then the p99 of
// each kind of request per minute (to find the one that slows) and the CPU share of each app and of
// the store, Kafka and Redis per minute (to find what the time goes to). Run through `npm run bench:soak`
// (provisions the infra, builds). Options: --minutes, --rate (operations per second, 20; an
// operation is one to three requests), --port-base, --slow-ms (50: the apps log store commands this
// slow, and the soak ends with the slowest command shapes per minute; 0 leaves the apps' default).
// Targets: no errors; RSS growth under 5 MB per app over the last 5 minutes; p99 of the last minute
// within 1.5x the first's.
const { randomBytes, randomUUID } = require('node:crypto');
const { mkdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const { parseArgs } = require('node:util');
const processes = require('./gateway/processes');
const { runBenchmark } = require('./lifecycle');
const { startStack, stackPorts } = require('./bench-stack');
const { summarize, printTable } = require('./stats');
const { startSmsc } = require('./sms-smsc');
const { operations } = require('./soak-operations');
const { slowCommands, printSlowCommands } = require('./slow-commands');

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' }, rate: { type: 'string', default: '20' }, 'slow-ms': { type: 'string', default: '50' },
    'port-base': { type: 'string', default: String(Number(process.env.BERTH_TEST_PORT_BASE || 18100) + 111) },
  },
});
const MINUTES = Number(args.minutes);
const RATE = Number(args.rate);
const ROOT = join(__dirname, '..', '..');
const LOCAL = process.env.BERTH_LOCAL || join(ROOT, '.local');
const base = Number(args['port-base']);
const logDir = join(LOCAL, 'logs', `bench-soak-${base}`);
const { gatewayPort, all: stackPortList } = stackPorts(base);
const smscPort = gatewayPort + 2;
const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
const prefix = `bm${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
const adminPassword = randomBytes(12).toString('base64url');
const apps = new Map();

/** The infra processes (tools/infra pid files, each a process group) whose CPU the soak reports. */
function infraProcs() {
  return ['ferretdb', 'kafka', 'redis'].flatMap((name) => {
    try { return [{ name, pid: Number(readFileSync(join(LOCAL, 'run', `${name}.pid`), 'utf8')) }]; } catch { return []; }
  });
}

/** CPU time (ms) so far of each app and infra process, by name. */
function cpuNow(infra) {
  const procs = [...[...apps].map(([name, { proc }]) => ({ name, pid: proc.pid })), ...infra];
  return Object.fromEntries(procs.map((p) => { const c = processes.groupCpuMs(p); return [p.name, c.user + c.system]; }));
}

const basic = (user, password) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** One request through the gateway: its status and parsed body; a network error is status 0. */
async function request(path, { method = 'GET', body, auth } = {}) {
  try {
    const res = await fetch(`${gatewayUrl}${path}`, {
      method, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(30000),
      headers: { authorization: auth, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  } catch (err) {
    return { status: 0, body: { error: err.message } };
  }
}

/** A tenant with an admin and the local SMSC as its SMS provider. */
async function setUp() {
  const adminAuth = basic('management/admin', adminPassword);
  const adminPass = `Pw-${randomUUID()}`;
  const made = await request('/tenant/tenants', { method: 'POST', auth: adminAuth, body: { company: 'Soak', domain: `soak-${randomUUID().slice(0, 8)}.example.com`, adminName: 'boss', adminPass, adminEmail: 'boss@example.com' } });
  if (made.status !== 201) throw new Error(`tenant: ${made.status} ${JSON.stringify(made.body)}`);
  const tenant = made.body.id;
  const auth = basic(`${tenant}/boss`, adminPass);
  const provider = await request('/service/messaging/providers/configuration', {
    method: 'PUT', auth, body: { provider: 'smpp', senderAddress: '+4915112345678', settings: { host: '127.0.0.1', port: String(smscPort), systemId: tenant, password: 'soak' } },
  });
  if (provider.status !== 200) throw new Error(`provider: ${provider.status} ${JSON.stringify(provider.body)}`);
  return { tenant, auth };
}

/** Runs the mix at RATE operations per second for MINUTES: the figures of each minute, the start time and each process's CPU time then. */
async function soak(ops) {
  const minutes = Array.from({ length: MINUTES }, () => ({ latencies: [], errors: [], rss: {}, byRoute: {}, cpu: {} }));
  const infra = infraProcs();
  const cpuAtStart = cpuNow(infra);
  const started = Date.now();
  const end = started + MINUTES * 60000;
  const inFlight = new Set();
  const timed = async (minute, call) => {
    const t = Date.now();
    const { ok, what, route } = await call();
    const ms = Date.now() - t;
    minutes[minute].latencies.push(ms);
    (minutes[minute].byRoute[route] ??= []).push(ms);
    if (!ok) minutes[minute].errors.push(what);
  };
  const sampler = setInterval(() => {
    const minute = Math.min(MINUTES - 1, Math.floor((Date.now() - started) / 60000));
    for (const [name, { proc }] of apps) minutes[minute].rss[name] = processes.rssMb(proc, true);
    minutes[minute].cpu = cpuNow(infra);
  }, 5000);
  try {
    for (let i = 0; Date.now() < end; i++) {
      const due = started + (i * 1000) / RATE;
      if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
      const minute = Math.min(MINUTES - 1, Math.floor((Date.now() - started) / 60000));
      const op = ops[i % ops.length](i, (call) => timed(minute, call));
      inFlight.add(op);
      void op.finally(() => inFlight.delete(op));
      if ((i + 1) % (RATE * 60) === 0) console.log(`  minute ${minute + 1}: ${minutes[minute].latencies.length} requests, ${minutes[minute].errors.length} errors`);
    }
    await Promise.all(inFlight);
  } finally {
    clearInterval(sampler);
  }
  return { minutes, started, cpuAtStart };
}

/** Per minute, each process's CPU as a share of one core (its CPU time over the minute's wall time). */
function printCpu(minutes, cpuAtStart) {
  const names = Object.keys(cpuAtStart);
  let before = cpuAtStart;
  const rows = minutes.map((m, i) => {
    const row = [String(i + 1), ...names.map((n) => (((m.cpu[n] ?? NaN) - before[n]) / 600).toFixed(0))];
    before = m.cpu;
    return row;
  });
  console.log('\nCPU % of one core per minute:');
  printTable(['minute', ...names], rows);
}

function report({ minutes, cpuAtStart }) {
  const names = [...apps.keys()];
  const rows = minutes.map((m, i) => {
    const s = summarize(m.latencies);
    return [String(i + 1), String(m.latencies.length), String(m.errors.length), String(s.p50 ?? '-'), String(s.p99 ?? '-'), ...names.map((n) => (m.rss[n] ?? NaN).toFixed(0))];
  });
  printTable(['minute', 'requests', 'errors', 'p50 ms', 'p99 ms', ...names.map((n) => `${n} RSS MB`)], rows);
  printCpu(minutes, cpuAtStart);
  const routes = [...new Set(minutes.flatMap((m) => Object.keys(m.byRoute)))].sort();
  console.log('\np99 ms per request and minute:');
  printTable(['request', ...minutes.map((_, i) => String(i + 1))], routes.map((r) => [r, ...minutes.map((m) => String(summarize(m.byRoute[r] ?? []).p99 ?? '-'))]));
  const errors = minutes.flatMap((m) => m.errors);
  for (const e of [...new Set(errors)].slice(0, 10)) console.log(`  error: ${e}`);
  const half = Math.max(0, minutes.length - 6);
  const growth = names.map((n) => [n, (minutes[minutes.length - 1].rss[n] ?? NaN) - (minutes[half].rss[n] ?? NaN)]);
  const p99First = summarize(minutes[0].latencies).p99;
  const p99Last = summarize(minutes[minutes.length - 1].latencies).p99;
  const verdict = (ok) => (ok ? 'PASS' : 'FAIL');
  console.log(`target: no errors: ${verdict(errors.length === 0)} (${errors.length})`);
  console.log(`target: RSS growth < 5 MB per app from the end of minute ${half + 1} to the end: ${verdict(growth.every(([, g]) => g < 5))} (${growth.map(([n, g]) => `${n} ${g.toFixed(1)}`).join(', ')})`);
  console.log(`target: p99 of the last minute ≤ 1.5 × the first's: ${verdict(p99Last <= 1.5 * p99First)} (${p99Last} vs ${p99First} ms)`);
}

async function main() {
  mkdirSync(logDir, { recursive: true });
  await processes.assertPortsFree([...stackPortList, smscPort]);
  console.log(`soak: ${RATE} operations/s for ${MINUTES} min through the gateway (writes and reads of options, applications, subscriptions, SMS); logs in ${logDir}`);
  const smsc = await startSmsc(smscPort, 'soak');
  try {
    await startStack({
      base, prefix, adminPassword, logDir, apps, allowHosts: [`127.0.0.1:${smscPort}`],
      env: { LOG_LEVEL: process.env.LOG_LEVEL || 'warn', ...(Number(args['slow-ms']) > 0 ? { BERTH_STORE_SLOW_MS: args['slow-ms'] } : {}) },
    });
    const { tenant, auth } = await setUp();
    const run = await soak(await operations({ request, tenant, auth, prefix }));
    report(run);
    printSlowCommands(slowCommands(logDir, [...apps.keys()], run.started), run.minutes.length);
  } finally {
    await smsc.stop();
  }
}

runBenchmark(main, { prefix });
