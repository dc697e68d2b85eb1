// Benchmark (docs/benchmarks/webapps.md): a static asset of a web application served at
// /apps/<contextPath>/… against a proxied API request of the same size, on one stack, with wrk. The
// asset is a hashed ~100 KB script, loaded with cached Basic credentials and anonymously; the API
// request is GET /application/applications/<id> of an application whose representation is ~100 KB.
// Measured per target: req/s and the CPU per request of the gateway and the registry together
// (user + kernel, from /proc), the median over rounds. Target: the asset costs no more CPU per request
// than the API request.
// Run through `npm run bench:webapps` (installs wrk, provisions the infra, builds). Options:
// --seconds (10), --warmup (2), --connections (20), --rounds (3), --port-base.
const { randomBytes } = require('node:crypto');
const { mkdirSync } = require('node:fs');
const { join } = require('node:path');
const { parseArgs } = require('node:util');
const processes = require('./gateway/processes');
const { runWrk, killWrk } = require('./gateway/wrk');
const { startStack, stackPorts } = require('./bench-stack');
const { median, printTable } = require('./stats');
const { runBenchmark } = require('./lifecycle');
const { archives } = require('./dist-libs');

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' }, warmup: { type: 'string', default: '2' }, connections: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '3' },
    'port-base': { type: 'string', default: String(Number(process.env.BERTH_TEST_PORT_BASE || 18100) + 140) },
  },
});
const load = { seconds: Number(args.seconds), connections: Number(args.connections), threads: 1 };
const ROUNDS = Math.max(1, Number(args.rounds));
const SIZE = 100 * 1024;
const LOCAL = process.env.BERTH_LOCAL || join(__dirname, '..', '..', '.local');
const base = Number(args['port-base']);
const logDir = join(LOCAL, 'logs', `bench-webapps-${base}`);
const prefix = `bw${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
const adminPassword = randomBytes(12).toString('base64url');
const authorization = `Basic ${Buffer.from(`management/admin:${adminPassword}`).toString('base64')}`;
const apps = new Map();

/** ~`bytes` of script text, the way a bundle looks: many short lines. */
const script = (bytes) => {
  const line = 'export function f(a, b) { return a.map((x) => x * b).filter(Boolean); }\n';
  return line.repeat(Math.ceil(bytes / line.length)).slice(0, bytes);
};

async function api(gatewayUrl, path, init = {}) {
  const res = await fetch(`${gatewayUrl}${path}`, { ...init, headers: { authorization, accept: 'application/json', ...init.headers } });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * A MARKET web application of the management tenant (anonymous visitors load it) holding the asset,
 * and, for the API request, another application whose representation is padded to ~SIZE bytes of JSON.
 */
async function provision(gatewayUrl) {
  const create = async (fields) => {
    const name = `bench${randomBytes(3).toString('hex')}`;
    const body = JSON.stringify({ name, key: `${name}-key`, contextPath: name, ...fields });
    return { name, app: await api(gatewayUrl, '/application/applications', { method: 'POST', headers: { 'content-type': 'application/json' }, body }) };
  };
  const web = await create({ type: 'HOSTED', resourcesUrl: '/', availability: 'MARKET' });
  const padded = await create({ type: 'HOSTED', resourcesUrl: '/', description: 'd'.repeat(SIZE) });
  const asset = 'assets/index-3f2a9c1d.js';
  const zipped = archives.zip([{ name: 'index.html', data: '<!doctype html><script src="assets/index-3f2a9c1d.js"></script>' }, { name: asset, data: script(SIZE) }]);
  const form = new FormData();
  form.append('file', new Blob([zipped], { type: 'application/zip' }), 'app.zip');
  await api(gatewayUrl, `/application/applications/${web.app.id}/binaries`, { method: 'POST', body: form });
  return { assetPath: `/apps/${web.name}/${asset}`, apiPath: `/application/applications/${padded.app.id}` };
}

const cpuOf = () => ['gateway', 'application-registry'].reduce((sum, name) => {
  const { user, system } = processes.groupCpuMs(apps.get(name).proc);
  return sum + user + system;
}, 0);

/** One target: a warm-up, then the loaded run with the CPU of gateway and registry around it. */
async function measure(target) {
  const run = { url: target.url, headers: target.headers, threads: load.threads, connections: load.connections };
  await runWrk({ ...run, seconds: Number(args.warmup) });
  const cpu0 = cpuOf();
  const r = await runWrk({ ...run, seconds: load.seconds });
  const cpuUs = ((cpuOf() - cpu0) * 1000) / r.requests;
  const errors = r.non2xx + r.socketErrors;
  console.error(`  ${target.label}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(2)} ms, ${errors} errors, ${cpuUs.toFixed(0)} µs CPU/request`);
  return { rps: r.rps, p50: r.p50, p99: r.p99, errors, cpuUs };
}

async function main() {
  mkdirSync(logDir, { recursive: true });
  await processes.assertPortsFree(stackPorts(base).all);
  console.log(`web application benchmark: wrk ${load.connections} connections × ${load.seconds} s per target, ${ROUNDS} rounds; logs in ${logDir}`);
  const gatewayUrl = await startStack({ base, prefix, adminPassword, logDir, apps, env: { LOG_LEVEL: 'warn' } });
  const { assetPath, apiPath } = await provision(gatewayUrl);
  const sizes = await Promise.all([assetPath, apiPath].map(async (path) => (await (await fetch(`${gatewayUrl}${path}`, { headers: { authorization, 'accept-encoding': 'identity' } })).arrayBuffer()).byteLength));
  console.log(`asset ${assetPath}: ${sizes[0]} bytes; API ${apiPath}: ${sizes[1]} bytes`);
  const targets = [
    { key: 'asset', label: 'asset, Basic', url: `${gatewayUrl}${assetPath}`, headers: { authorization } },
    { key: 'anonymous', label: 'asset, anonymous', url: `${gatewayUrl}${assetPath}`, headers: {} },
    { key: 'api', label: 'API request, Basic', url: `${gatewayUrl}${apiPath}`, headers: { authorization, accept: 'application/json' } },
  ];
  const results = Object.fromEntries(targets.map((t) => [t.key, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    // Each round in another order, so that a load spike from elsewhere does not hit one target only.
    const order = targets.map((_, i) => targets[(i + round - 1) % targets.length]);
    for (const target of order) results[target.key].push(await measure(target));
  }
  const row = (t) => {
    const rs = results[t.key];
    const pick = (f) => median(rs.map(f));
    return { label: t.label, rps: pick((r) => r.rps), p50: pick((r) => r.p50), p99: pick((r) => r.p99), cpuUs: pick((r) => r.cpuUs), errors: rs.reduce((s, r) => s + r.errors, 0) };
  };
  const rows = targets.map(row);
  const apiRow = rows[2];
  printTable(['target', 'req/s', 'p50 (ms)', 'p99 (ms)', 'CPU µs/request (gateway + registry)', 'CPU vs API', 'errors'], rows.map((r) => [
    r.label, r.rps.toFixed(0), r.p50.toFixed(2), r.p99.toFixed(2), r.cpuUs.toFixed(0), (r.cpuUs / apiRow.cpuUs).toFixed(2), String(r.errors),
  ]));
  const pass = rows.slice(0, 2).every((r) => r.cpuUs <= apiRow.cpuUs && r.errors === 0) && apiRow.errors === 0;
  console.log(`verdict: a static asset costs no more CPU per request than the API request of its size, without errors: ${pass ? 'PASS' : 'FAIL'}`);
}

runBenchmark(main, { prefix, before: async () => killWrk() });
