// Benchmark: the gateway next to a trivial upstream hit directly and nginx proxying to it, with and
// without Basic auth served from the credential cache, in one run (docs/benchmarks/gateway.md); for reference, a
// minimal Node proxy (one process, then two cluster workers), and the authenticating gateway on a
// public path, loaded together with the unauthenticated one as the auth costs' control. Run through
// `npm run bench:gateway` (installs wrk and nginx, provisions the infra, builds). wrk loads each
// target from its own process on loopback. Options: --seconds, --connections, --threads, --warmup,
// --scrypt-runs, --request-logs on|off, --port-base, --cpu-prof (the gateways write CPU profiles
// into the log folder).
const { randomBytes } = require('node:crypto');
const { mkdirSync } = require('node:fs');
const { join } = require('node:path');
const { parseArgs } = require('node:util');
const processes = require('./gateway/processes');
const { startNginx } = require('./gateway/nginx');
const { runWrk, killWrk } = require('./gateway/wrk');
const { scryptCost } = require('./gateway/fixtures');
const { report } = require('./gateway/report');
const { runBenchmark } = require('./lifecycle');
const stats = require('./stats');

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '50' },
    threads: { type: 'string', default: '1' }, warmup: { type: 'string', default: '2' }, rounds: { type: 'string', default: '6' },
    'scrypt-runs': { type: 'string', default: '20' }, 'request-logs': { type: 'string', default: 'on' },
    'cpu-prof': { type: 'boolean', default: false },
    'port-base': { type: 'string', default: String(Number(process.env.BERTH_TEST_PORT_BASE || 18100) + 50) },
  },
});
const opts = {
  seconds: Number(args.seconds), connections: Number(args.connections), threads: Number(args.threads),
  warmup: Number(args.warmup), rounds: Math.max(1, Number(args.rounds)), scryptRuns: Number(args['scrypt-runs']), requestLogs: args['request-logs'] !== 'off',
};
const ROOT = join(__dirname, '..', '..');
const LOCAL = process.env.BERTH_LOCAL || join(ROOT, '.local');
const base = Number(args['port-base']);
const PORTS = {
  upstream: base, nginx: base + 1, gateway: base + 2, tenantOptions: base + 3, gatewayAuth: base + 4, gatewayMetrics: base + 5, gatewayAuthMetrics: base + 6,
  floor: base + 7, floorCluster: base + 8,
};
const origin = (port) => `http://127.0.0.1:${port}`;
const url = (port, path = '/') => `${origin(port)}${path}`;
const logDir = join(LOCAL, 'logs', `bench-gateway-${base}`);
/** A path the gateway forwards without authentication to an app the trivial upstream stands in for. */
const PUBLIC_PATH = '/service/messaging/providers/webhooks/bench/inbound';

const prefix = `bg${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
const adminPassword = randomBytes(12).toString('base64url');
const basic = `Basic ${Buffer.from(`management/admin:${adminPassword}`).toString('base64')}`;
/** The gateway's upstream variables: tenant-options at `tenantOptions`, every other app the trivial upstream. */
const upstreamUrls = (tenantOptions) => Object.fromEntries(
  ['APPLICATION_REGISTRY_URL', 'SUBSCRIPTION_URL', 'SMS_ADAPTER_URL', 'MICROSERVICE_ORCHESTRATOR_URL', 'TENANT_OPTIONS_URL']
    .map((name) => [name, name === 'TENANT_OPTIONS_URL' ? tenantOptions : origin(PORTS.upstream)]),
);
const env = {
  ...process.env, BERTH_DB_PREFIX: prefix, BERTH_TOPIC_PREFIX: `${prefix}.`, BERTH_ADMIN_PASSWORD: adminPassword,
  BERTH_INTERNAL_KEY: randomBytes(32).toString('base64url'), BERTH_SECRETS_KEY: randomBytes(32).toString('base64url'),
  LOG_LEVEL: opts.requestLogs ? 'info' : 'warn',
};

function startApp(name, app, extra) {
  const prof = args['cpu-prof'] && app === 'gateway' ? ['--cpu-prof', `--cpu-prof-dir=${logDir}`, `--cpu-prof-name=${name}.cpuprofile`] : [];
  return processes.start(name, process.execPath, processes.appArgs(ROOT, app, prof), { env: { ...env, ...extra }, logFile: join(logDir, `${name}.log`) });
}

function upstreamServed(upstream) {
  return new Promise((resolve) => { upstream.child.once('message', (m) => resolve(m.served)); upstream.child.send('count'); });
}

/** Warm-up, then the loaded run (with CPU and upstream counts around it), then one connection. */
async function measure(row, upstream) {
  const target = { url: row.url, headers: row.headers, threads: opts.threads };
  await runWrk({ ...target, connections: opts.connections, seconds: opts.warmup });
  const served0 = await upstreamServed(upstream);
  const cpu0 = processes.groupCpuMs(row.proc);
  const loaded = await runWrk({ ...target, connections: opts.connections, seconds: opts.seconds });
  const cpu1 = processes.groupCpuMs(row.proc);
  const served1 = await upstreamServed(upstream);
  const single = await runWrk({ ...target, connections: 1, seconds: opts.seconds });
  const served2 = await upstreamServed(upstream);
  // A response that did not come from the upstream (the upstream counts what it answers) is an error too.
  const unproxied = Math.max(0, loaded.requests - (served1 - served0)) + Math.max(0, single.requests - (served2 - served1));
  const errors = loaded.non2xx + loaded.socketErrors + single.non2xx + single.socketErrors + unproxied;
  const perRequestUs = (kind) => ((cpu1[kind] - cpu0[kind]) * 1000) / loaded.requests;
  const cpuUs = { user: perRequestUs('user'), system: perRequestUs('system') };
  const result = { ...row, rps: loaded.rps, p50: loaded.p50, p99: loaded.p99, p50single: single.p50, errors, cpuUs, cpuUsPerRequest: cpuUs.user + cpuUs.system };
  console.error(`  ${row.label}: ${loaded.rps.toFixed(0)} req/s, p50 ${loaded.p50.toFixed(2)} ms, p99 ${loaded.p99.toFixed(2)} ms, p50 at 1 connection ${single.p50.toFixed(3)} ms, ${errors} errors`);
  return result;
}

/**
 * Loads `rows` at the same moment, one wrk each (after a shared warm-up), so that all of them meet
 * the same state of the machine; their processes compete for the CPU, so what compares is each
 * one's CPU per request (and req/s, with the kernel sharing the CPU out evenly).
 */
async function measureTogether(rows) {
  const load = (seconds) => Promise.all(rows.map((row) => runWrk({ url: row.url, headers: row.headers, threads: opts.threads, connections: opts.connections, seconds })));
  await load(opts.warmup);
  const cpu0 = rows.map((row) => processes.groupCpuMs(row.proc));
  const loaded = await load(opts.seconds);
  return rows.map((row, i) => {
    const cpu1 = processes.groupCpuMs(row.proc);
    const cpuMs = cpu1.user + cpu1.system - cpu0[i].user - cpu0[i].system;
    return { key: row.key, rps: loaded[i].rps, errors: loaded[i].non2xx + loaded[i].socketErrors, cpuUsPerRequest: (cpuMs * 1000) / loaded[i].requests };
  });
}

/** One row from its rounds: the median of each figure, errors summed. */
function medianRow(results) {
  const median = (pick) => stats.median(results.map(pick));
  const cpuUs = { user: median((r) => r.cpuUs.user), system: median((r) => r.cpuUs.system) };
  return {
    ...results[0], rps: median((r) => r.rps), p50: median((r) => r.p50), p99: median((r) => r.p99), p50single: median((r) => r.p50single),
    errors: results.reduce((sum, r) => sum + r.errors, 0), cpuUs, cpuUsPerRequest: median((r) => r.cpuUsPerRequest),
  };
}

/** The response every target must give: the upstream's body, with 200. */
async function expectUpstreamAnswer(target, headers, expected) {
  const started = process.hrtime.bigint();
  const res = await fetch(target, { headers });
  const body = await res.text();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (res.status !== expected.status || (expected.body && body !== expected.body)) {
    throw new Error(`GET ${target} answered ${res.status} ${body.slice(0, 300)}; expected ${expected.status}${expected.body ? ' with the upstream\'s body' : ''}`);
  }
  return { ms, body };
}

async function main() {
  mkdirSync(logDir, { recursive: true });
  await processes.assertPortsFree(Object.values(PORTS));
  console.log(`gateway benchmark: wrk ${opts.threads} thread(s), ${opts.connections} and 1 connection(s), ${opts.seconds} s each after ${opts.warmup} s warm-up; request logs ${opts.requestLogs ? 'on' : 'off'}; logs in ${logDir}`);
  const scrypt = await scryptCost(ROOT, opts.scryptRuns);
  console.error(`  scrypt verification: ${scrypt.medianMs.toFixed(1)} ms per login (median of ${opts.scryptRuns})`);

  const upstream = processes.start('trivial-upstream', process.execPath, [join(__dirname, 'gateway', 'trivial-upstream.js'), String(PORTS.upstream)], { env, logFile: join(logDir, 'trivial-upstream.log'), ipc: true });
  const floors = [[PORTS.floor, 1], [PORTS.floorCluster, 2]].map(([port, workers]) => processes.start(
    `minimal-proxy-${workers}`, process.execPath, [join(__dirname, 'gateway', 'minimal-proxy.js'), String(port), origin(PORTS.upstream), String(workers)],
    { env, logFile: join(logDir, `minimal-proxy-${workers}.log`) },
  ));
  const nginx = startNginx({ dir: join(LOCAL, 'bench', `nginx-${PORTS.nginx}`), port: PORTS.nginx, upstreamPort: PORTS.upstream, accessLog: opts.requestLogs, env });
  const gateway = startApp('gateway', 'gateway', { BERTH_PORT: String(PORTS.gateway), BERTH_METRICS_PORT: String(PORTS.gatewayMetrics), BERTH_PUBLIC_URL: `http://localhost:${PORTS.gateway}`, ...upstreamUrls(origin(PORTS.upstream)) });
  const tenantOptions = startApp('tenant-options', 'tenant-options', { PORT: String(PORTS.tenantOptions), BERTH_PUBLIC_URL: `http://localhost:${PORTS.gatewayAuth}` });
  const gatewayAuth = startApp('gateway-auth', 'gateway', { BERTH_PORT: String(PORTS.gatewayAuth), BERTH_METRICS_PORT: String(PORTS.gatewayAuthMetrics), BERTH_PUBLIC_URL: `http://localhost:${PORTS.gatewayAuth}`, ...upstreamUrls(origin(PORTS.tenantOptions)) });
  await processes.waitHttp(upstream, url(PORTS.upstream), 10000);
  await Promise.all([
    processes.waitHttp(nginx, url(PORTS.nginx), 10000),
    ...floors.map((proc, i) => processes.waitHttp(proc, url(i ? PORTS.floorCluster : PORTS.floor), 10000)),
    ...[[gateway, PORTS.gateway], [tenantOptions, PORTS.tenantOptions], [gatewayAuth, PORTS.gatewayAuth]]
      .map(([proc, port]) => processes.waitHttp(proc, url(port, '/health'), 60000)),
  ]);

  const { body } = await expectUpstreamAnswer(url(PORTS.upstream), {}, { status: 200 });
  await expectUpstreamAnswer(url(PORTS.nginx), {}, { status: 200, body });
  for (const port of [PORTS.floor, PORTS.floorCluster]) await expectUpstreamAnswer(url(port), {}, { status: 200, body });
  await expectUpstreamAnswer(url(PORTS.gateway, '/tenant/loginOptions'), {}, { status: 200, body });
  await expectUpstreamAnswer(url(PORTS.gatewayAuth, '/application/anything'), {}, { status: 401 });
  await expectUpstreamAnswer(url(PORTS.gatewayAuth, PUBLIC_PATH), {}, { status: 200, body });
  const login = await expectUpstreamAnswer(url(PORTS.gatewayAuth, '/application/anything'), { authorization: basic }, { status: 200, body });
  console.error(`  first authenticated request (verified by tenant-options, then cached): ${login.ms.toFixed(1)} ms`);
  const idleRss = [processes.rssMb(gateway, true), processes.rssMb(gatewayAuth, true)];

  const rows = [];
  rows.push(await measure({ key: 'a', label: '(a) trivial upstream, direct', url: url(PORTS.upstream), proc: upstream }, upstream));
  rows.push(await measure({ key: 'b', label: '(b) nginx → upstream', url: url(PORTS.nginx), proc: nginx }, upstream));
  await processes.stop(nginx);
  // The floor of any Node proxy here, for reference (no target): one process, then two cluster workers.
  const floorRows = [];
  floorRows.push(await measure({ key: 'f1', label: '(f) minimal Node proxy, 1 process', url: url(PORTS.floor), proc: floors[0] }, upstream));
  floorRows.push(await measure({ key: 'f2', label: '(g) minimal Node proxy, 2 cluster workers', url: url(PORTS.floorCluster), proc: floors[1] }, upstream));
  await Promise.all(floors.map((proc) => processes.stop(proc)));
  const bearer = await externalJwt(url(PORTS.gatewayAuth, '/tenant/options'), basic);
  await expectUpstreamAnswer(url(PORTS.gatewayAuth, '/application/anything'), { authorization: bearer }, { status: 200, body });
  const gatewayRows = [
    { key: 'c', label: '(c) gateway → upstream, no auth', url: url(PORTS.gateway, '/tenant/loginOptions'), proc: gateway },
    { key: 'd', label: '(d) gateway, Basic auth cached', url: url(PORTS.gatewayAuth, '/application/anything'), headers: { authorization: basic }, proc: gatewayAuth },
    { key: 'e', label: '(e) gateway, RS256 JWT, key cached', url: url(PORTS.gatewayAuth, '/application/anything'), headers: { authorization: bearer }, proc: gatewayAuth },
  ];
  // The gateway rows take turns, round after round, so that a change in the machine's load hits all three alike.
  const rounds = [];
  for (let r = 1; r <= opts.rounds; r++) {
    if (opts.rounds > 1) console.error(`  round ${r} of ${opts.rounds}:`);
    const round = [];
    for (const row of gatewayRows) round.push(await measure(row, upstream));
    rounds.push(round);
  }
  rows.push(...gatewayRows.map((row, i) => medianRow(rounds.map((round) => round[i]))));
  // The authenticating gateway on a public path of the same upstream (an SMS provider's webhook): its
  // pairs with (c) show how far the two processes differ when neither authenticates.
  const publicRow = { key: 'p', url: url(PORTS.gatewayAuth, PUBLIC_PATH), proc: gatewayAuth };
  // The same costs once more with the two gateways loaded at the same moment: (c with d), (c with p), then (c with e).
  const paired = [];
  for (let r = 1; r <= opts.rounds; r++) {
    const [c, d] = await measureTogether([gatewayRows[0], gatewayRows[1]]);
    const [c1, p] = await measureTogether([gatewayRows[0], publicRow]);
    const [c2, e] = await measureTogether([gatewayRows[0], gatewayRows[2]]);
    paired.push({ basic: [c, d], publicPath: [c1, p], jwt: [c2, e] });
    const pair = (x, y, k) => `(c) ${x.rps.toFixed(0)} with (${k}) ${y.rps.toFixed(0)} req/s, ${x.cpuUsPerRequest.toFixed(0)} and ${y.cpuUsPerRequest.toFixed(0)} µs`;
    console.error(`  paired round ${r} of ${opts.rounds}: ${pair(c, d, 'd')}; ${pair(c1, p, 'p')}; ${pair(c2, e, 'e')}`);
  }
  rows[2].rssMb = processes.rssMb(gateway);
  rows[2].idleRssMb = idleRss[0];
  rows[3].rssMb = rows[4].rssMb = processes.rssMb(gatewayAuth);
  rows[3].idleRssMb = idleRss[1];
  report(rows, { ...opts, scrypt, loginMs: login.ms, rounds, paired, floorRows });
}

/** Uploads a fresh RSA public key as the management tenant's `token.publicKey/bench` and answers `Bearer <RS256 JWT>` for admin. */
async function externalJwt(optionsUrl, basicAuth) {
  const { generateKeyPairSync } = require('node:crypto');
  const { auth } = require('./dist-libs');
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const res = await fetch(optionsUrl, {
    method: 'POST', headers: { authorization: basicAuth, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ category: 'token.publicKey', key: 'bench', value: publicKey.export({ type: 'spki', format: 'pem' }) }),
  });
  if (res.status !== 201) throw new Error(`could not upload the JWT key: ${res.status} ${await res.text()}`);
  const now = Math.floor(Date.now() / 1000);
  const claims = { iss: process.env.BERTH_JWT_ISSUER || 'cumulocity', aud: 'management', sub: 'admin', nbf: now - 5, exp: now + 3600 };
  return `Bearer ${auth.signJwt(claims, 'RS256', privateKey, 'bench')}`;
}

runBenchmark(main, { prefix, before: async () => killWrk() });
