// Benchmark: what the gateway costs on a proxied request (docs/benchmarks/gateway.md), in one run:
// a trivial upstream loaded directly (a), nginx (b) and a minimal Node proxy (f: one process, g: two
// cluster workers) forwarding to it, the gateway without auth (c), a second gateway with cached Basic
// auth (d), an RS256 JWT (e) and on a public path (p), the last five in short loads taking turns
// (which also gives the cost of authentication within one process). wrk loads each target from its
// own process on loopback. Prints one table and a PASS or FAIL line per target on stdout, progress on stderr.
// Run through `npm run bench:gateway` (installs wrk and nginx, provisions the infra, builds); `--help`
// lists the options.
const { randomBytes } = require('node:crypto');
const { mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const processes = require('./gateway/processes');
const { startNginx } = require('./gateway/nginx');
const { runWrk, killWrk } = require('./gateway/wrk');
const { parseOptions, helpText } = require('./gateway/options');
const { report } = require('./gateway/report');
const { alternatingLoad } = require('./gateway/alternation');
const { upstreamServed } = require('./gateway/upstream-ipc');
const { runBenchmark } = require('./lifecycle');
const stats = require('./stats');

const opts = parseOptions(process.argv.slice(2));
if (opts.help) {
  console.log(helpText());
  process.exit(0);
}
const ROOT = join(__dirname, '..', '..');
const LOCAL = process.env.BERTH_LOCAL || join(ROOT, '.local');
const base = opts.portBase;
const PORTS = {
  upstream: base, nginx: base + 1, gateway: base + 2, tenantOptions: base + 3, gatewayAuth: base + 4, gatewayMetrics: base + 5, gatewayAuthMetrics: base + 6,
  floor: base + 7, floorCluster: base + 8,
};
const origin = (port) => `http://127.0.0.1:${port}`;
const url = (port, path = '/') => `${origin(port)}${path}`;
const logDir = join(LOCAL, 'logs', `bench-gateway-${base}`);
/** A path the gateway forwards without authentication to an app the trivial upstream stands in for. */
const PUBLIC_PATH = '/service/messaging/providers/webhooks/bench/inbound';
/** The path of the authenticated rows: an internal app's, authenticated like any other. */
const AUTH_PATH = '/application/anything';

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
// The apps log as in production: at `info` one line per request, written in the background (BERTH_LOG_SYNC's default).
delete env.BERTH_LOG_SYNC;

/** Node's options for a profiled process `name` (`--cpu-prof`): its .cpuprofile goes into the log folder. */
const profiled = (name) => (opts.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${logDir}`, `--cpu-prof-name=${name}.cpuprofile`] : []);

/**
 * Where the processes run (docs/benchmarks/gateway.md): each target measured on core 0, wrk, the
 * upstream and the rest of the run on core 1; the two-worker floor (g) on both. Left to the
 * scheduler, a target shares wrk's core in some seconds and not in others, and its CPU per request
 * swings with that.
 */
const CORES = { target: '0', load: '1', both: '0-1' };

function startApp(name, app, extra, cores) {
  return processes.start(name, process.execPath, processes.appArgs(ROOT, app, app === 'gateway' ? profiled(name) : []), { env: { ...env, ...extra }, logFile: join(logDir, `${name}.log`), cores });
}

/** `--warmup` seconds of load on each of `rows` at the main load's connections, before they are measured. */
async function warmUp(rows) {
  for (const row of rows) await runWrk({ url: row.url, headers: row.headers, threads: opts.threads, connections: opts.connections, seconds: opts.warmup });
}

/**
 * The order of `rows` in cycle `cycle`: the processes in turn, each with its rows in turn, both
 * turning by one every cycle. A process's first row follows another process's, which had its
 * core's caches; with the rows of a process turning too, each is its process's first as often as
 * the others (over a multiple of their number of cycles).
 */
function cycleOrder(rows, cycle) {
  const byProcess = [];
  for (const row of rows) {
    const same = byProcess.find((group) => group[0].proc === row.proc);
    if (same) same.push(row);
    else byProcess.push([row]);
  }
  const turned = (list) => list.map((_, i) => list[(i + cycle) % list.length]);
  return turned(byProcess).flatMap(turned);
}

/**
 * One round: `--cycles` times, each of `rows` in turn gets a load at one connection and then one at
 * `--connections`, `--seconds` each, in the order `cycleOrder` gives. Short loads taking turns
 * meet the same state of the shared machine, whose speed drifts within seconds; a row's figures are
 * those of all its loads together (CPU per request over all their requests, the median of their
 * latencies); `p50singles` holds the p50 at one connection of each cycle, in order, for the
 * verdict's load-by-load comparison (gateway/targets.js).
 */
async function measureRound(rows, upstream) {
  const loads = Object.fromEntries(rows.map((row) => [row.key, { cpuMs: 0, requests: 0, rps: [], p50: [], p99: [], p50singles: [], errors: 0 }]));
  for (let cycle = 0; cycle < opts.cycles; cycle++) {
    for (const row of cycleOrder(rows, cycle)) {
      const target = { url: row.url, headers: row.headers, threads: opts.threads, seconds: opts.seconds };
      // The load at one connection goes first: the main load, whose CPU is measured, then meets a
      // process that is already busy, its caches filled, whichever row came before.
      const served0 = await upstreamServed(upstream);
      const single = await runWrk({ ...target, connections: 1 });
      const served1 = await upstreamServed(upstream);
      const cpu0 = processes.groupCpuMs(row.proc);
      const loaded = await runWrk({ ...target, connections: opts.connections });
      const cpu1 = processes.groupCpuMs(row.proc);
      const served2 = await upstreamServed(upstream);
      const load = loads[row.key];
      const cpuMs = cpu1.user + cpu1.system - cpu0.user - cpu0.system;
      load.cpuMs += cpuMs;
      load.requests += loaded.requests;
      load.rps.push(loaded.rps);
      load.p50.push(loaded.p50);
      load.p99.push(loaded.p99);
      load.p50singles.push(single.p50);
      // A response that did not come from the upstream (the upstream counts what it answers) is an error too.
      const unproxied = Math.max(0, single.requests - (served1 - served0)) + Math.max(0, loaded.requests - (served2 - served1));
      load.errors += loaded.non2xx + loaded.socketErrors + single.non2xx + single.socketErrors + unproxied;
    }
  }
  return Object.fromEntries(rows.map((row) => {
    const load = loads[row.key];
    const figures = {
      key: row.key, label: row.label, rps: stats.median(load.rps), p50: stats.median(load.p50), p99: stats.median(load.p99),
      p50single: stats.median(load.p50singles), p50singles: load.p50singles,
      cpuUsPerRequest: (load.cpuMs * 1000) / load.requests, errors: load.errors, rssMb: processes.groupPeakRssMb(row.proc),
    };
    console.error(`  ${row.label}: ${figures.rps.toFixed(0)} req/s, p50 ${figures.p50.toFixed(2)} ms, p50 @1 ${figures.p50single.toFixed(3)} ms, ${figures.cpuUsPerRequest.toFixed(0)} µs CPU/req, ${figures.errors} errors`);
    return [row.key, figures];
  }));
}

/** One row from its rounds: the median of each figure, errors summed, the highest peak RSS. */
function medianRow(results) {
  const median = (pick) => stats.median(results.map(pick));
  return {
    ...results[0], rps: median((r) => r.rps), p50: median((r) => r.p50), p99: median((r) => r.p99), p50single: median((r) => r.p50single),
    cpuUsPerRequest: median((r) => r.cpuUsPerRequest), errors: results.reduce((sum, r) => sum + r.errors, 0), rssMb: Math.max(...results.map((r) => r.rssMb)),
  };
}

/** The response every target must give: the upstream's body, with 200. */
async function expectUpstreamAnswer(target, headers, expected) {
  const res = await fetch(target, { headers });
  const body = await res.text();
  if (res.status !== expected.status || (expected.body && body !== expected.body)) {
    throw new Error(`GET ${target} answered ${res.status} ${body.slice(0, 300)}; expected ${expected.status}${expected.body ? ' with the upstream\'s body' : ''}`);
  }
  return body;
}

/** Waits until the app's log holds its request line for `path` (lines are written in the background); throws after 10 s. */
async function expectRequestLogged(proc, path) {
  const logged = (line) => { try { const e = JSON.parse(line); return e.msg === 'request' && e.url === path; } catch { return false; } };
  for (const deadline = Date.now() + 10000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
    if (readFileSync(proc.logFile, 'utf8').split('\n').some(logged)) return;
  }
  throw new Error(`${proc.name} logged no request line for ${path} with request logs on; see ${proc.logFile}`);
}

async function main() {
  const started = Date.now();
  mkdirSync(logDir, { recursive: true });
  await processes.assertPortsFree(Object.values(PORTS));
  console.log(`gateway benchmark: wrk ${opts.threads} thread(s) at ${opts.connections} and at 1 connection, ${opts.seconds} s each, ${opts.cycles} of each per round, ${opts.rounds} rounds, after ${opts.warmup} s warm-up; request logs ${opts.requestLogs ? 'on' : 'off'}; ${processes.canPin ? 'targets on core 0, wrk and the upstream on core 1' : 'processes not pinned to cores (one core, or no taskset)'}`);
  console.error(`  logs in ${logDir}`);

  processes.pinHere(CORES.load);
  const upstream = processes.start('trivial-upstream', process.execPath, [join(__dirname, 'gateway', 'trivial-upstream.js'), String(PORTS.upstream)], { env, logFile: join(logDir, 'trivial-upstream.log'), ipc: true });
  const floors = [[PORTS.floor, 1], [PORTS.floorCluster, 2]].map(([port, workers]) => processes.start(
    `minimal-proxy-${workers}`, process.execPath, [...(workers === 1 ? profiled('minimal-proxy') : []), join(__dirname, 'gateway', 'minimal-proxy.js'), String(port), origin(PORTS.upstream), String(workers)],
    { env, logFile: join(logDir, `minimal-proxy-${workers}.log`), cores: workers === 1 ? CORES.target : CORES.both },
  ));
  const nginx = startNginx({ dir: join(LOCAL, 'bench', `nginx-${PORTS.nginx}`), port: PORTS.nginx, upstreamPort: PORTS.upstream, accessLog: opts.requestLogs, env, cores: CORES.target });
  const gateway = startApp('gateway', 'gateway', { BERTH_PORT: String(PORTS.gateway), BERTH_METRICS_PORT: String(PORTS.gatewayMetrics), BERTH_PUBLIC_URL: `http://localhost:${PORTS.gateway}`, ...upstreamUrls(origin(PORTS.upstream)) }, CORES.target);
  const tenantOptions = startApp('tenant-options', 'tenant-options', { PORT: String(PORTS.tenantOptions), BERTH_PUBLIC_URL: `http://localhost:${PORTS.gatewayAuth}` });
  const gatewayAuth = startApp('gateway-auth', 'gateway', { BERTH_PORT: String(PORTS.gatewayAuth), BERTH_METRICS_PORT: String(PORTS.gatewayAuthMetrics), BERTH_PUBLIC_URL: `http://localhost:${PORTS.gatewayAuth}`, ...upstreamUrls(origin(PORTS.tenantOptions)) }, CORES.target);
  await processes.waitHttp(upstream, url(PORTS.upstream), 10000);
  await Promise.all([
    processes.waitHttp(nginx, url(PORTS.nginx), 10000),
    ...floors.map((proc, i) => processes.waitHttp(proc, url(i ? PORTS.floorCluster : PORTS.floor), 10000)),
    ...[[gateway, PORTS.gateway], [tenantOptions, PORTS.tenantOptions], [gatewayAuth, PORTS.gatewayAuth]]
      .map(([proc, port]) => processes.waitHttp(proc, url(port, '/health'), 60000)),
  ]);

  const body = await expectUpstreamAnswer(url(PORTS.upstream), {}, { status: 200 });
  await expectUpstreamAnswer(url(PORTS.nginx), {}, { status: 200, body });
  for (const port of [PORTS.floor, PORTS.floorCluster]) await expectUpstreamAnswer(url(port), {}, { status: 200, body });
  await expectUpstreamAnswer(url(PORTS.gateway, '/tenant/loginOptions'), {}, { status: 200, body });
  await expectUpstreamAnswer(url(PORTS.gatewayAuth, AUTH_PATH), {}, { status: 401 });
  await expectUpstreamAnswer(url(PORTS.gatewayAuth, PUBLIC_PATH), {}, { status: 200, body });
  // The first request with these credentials is verified by tenant-options; later ones come from the gateway's cache.
  await expectUpstreamAnswer(url(PORTS.gatewayAuth, AUTH_PATH), { authorization: basic }, { status: 200, body });
  const bearer = await externalJwt(url(PORTS.gatewayAuth, '/tenant/options'), basic);
  await expectUpstreamAnswer(url(PORTS.gatewayAuth, AUTH_PATH), { authorization: bearer }, { status: 200, body });
  if (opts.requestLogs) await Promise.all([expectRequestLogged(gateway, '/tenant/loginOptions'), expectRequestLogged(gatewayAuth, AUTH_PATH)]);

  const rows = {};
  const alone = async (row) => {
    await warmUp([row]);
    Object.assign(rows, await measureRound([row], upstream));
  };
  await alone({ key: 'a', label: '(a) upstream, direct', url: url(PORTS.upstream), proc: upstream });
  await alone({ key: 'b', label: '(b) nginx', url: url(PORTS.nginx), proc: nginx });
  await processes.stop(nginx);
  await alone({ key: 'g', label: '(g) minimal Node proxy, 2 workers', url: url(PORTS.floorCluster), proc: floors[1] });
  await processes.stop(floors[1]);
  // The floor and the gateway rows take turns within each round (measureRound); the verdicts
  // compare rows' loads of the same cycle, and cached authentication (d, e) with the same process's public path (p).
  const inTurn = [
    { key: 'f', label: '(f) minimal Node proxy (floor)', url: url(PORTS.floor), proc: floors[0] },
    { key: 'c', label: '(c) gateway, no auth', url: url(PORTS.gateway, '/tenant/loginOptions'), proc: gateway },
    { key: 'd', label: '(d) gateway, cached Basic', url: url(PORTS.gatewayAuth, AUTH_PATH), headers: { authorization: basic }, proc: gatewayAuth },
    { key: 'e', label: '(e) gateway, cached RS256 JWT', url: url(PORTS.gatewayAuth, AUTH_PATH), headers: { authorization: bearer }, proc: gatewayAuth },
    // The authenticating gateway on a public path of the same upstream: what (d) and (e) are judged against.
    { key: 'p', label: '(p) gateway with auth, public path', url: url(PORTS.gatewayAuth, PUBLIC_PATH), proc: gatewayAuth },
  ];
  await warmUp(inTurn);
  const rounds = [];
  for (let r = 1; r <= opts.rounds; r++) {
    console.error(`  round ${r} of ${opts.rounds}:`);
    rounds.push(await measureRound(inTurn, upstream));
  }
  // The verdicts on cost: loads of one kind at a time, in slices, each against the reference kind's slices around it.
  const byKey = Object.fromEntries(inTurn.map((row) => [row.key, row]));
  const alternating = async (keys) => {
    console.error(`  alternating ${keys.join(' ')} every ${opts.sliceMs} ms for ${opts.alternateSeconds} s`);
    const loads = [...new Set(keys)].map((key) => ({ kind: key, url: byKey[key].url, headers: byKey[key].headers, target: byKey[key].proc }));
    const found = await alternatingLoad({ upstream, loads, pattern: keys, seconds: opts.alternateSeconds, sliceMs: opts.sliceMs, connections: opts.connections, threads: opts.threads });
    writeFileSync(join(logDir, `alternating-${keys.join('')}.json`), JSON.stringify(found.slices));
    return found;
  };
  const versusFloor = await alternating(['f', 'c', 'f', 'd']);
  const auth = await alternating(['p', 'd', 'p', 'e']);
  for (const { key } of inTurn) rows[key] = medianRow(rounds.map((round) => round[key]));
  for (const line of report(rows, { connections: opts.connections, rounds, versusFloor, auth, cycles: opts.cycles, seconds: opts.seconds, alternateSeconds: opts.alternateSeconds, sliceMs: opts.sliceMs })) console.log(line);
  console.log(`run took ${Math.round((Date.now() - started) / 1000)} s`);
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
