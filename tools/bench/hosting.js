// Benchmark (docs/benchmarks/hosting.md): hosting the example microservice (examples/hello-microservice, packaged by
// tools/microservice/package.js and deployed with the CLI's flow) on the local engine, in one run:
// the time from a subscribe's 201 until `/service/<name>/health` first answers 200 (the image is
// loaded by the first deploy, not measured; each measured run starts a new container), then
// requests/s and p50/p99 with wrk of `GET /hello` through the gateway next to the same container
// hit directly on its published port; then an update to version 2.0.0 deployed while a steady load
// runs through the gateway, counting the requests that fail; and the sizes of the ZIP and the image.
// Run through `npm run bench:hosting` (installs wrk, provisions the infra, builds). Options: --runs (5),
// --seconds (10), --connections (50), --threads (1), --warmup (2), --rounds (3), --update-connections
// (10), --port-base (BERTH_TEST_PORT_BASE + 40: apps +40…+44, gateway +45, metrics +46, container relay +47).
const { randomBytes } = require('node:crypto');
const http = require('node:http');
const { mkdirSync, rmSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { parseArgs } = require('node:util');
const processes = require('./gateway/processes');
const { runWrk, killWrk } = require('./gateway/wrk');
const { median, summarize, printTable } = require('./stats');
const { packageMicroservice, size } = require('../microservice/package');
const { startContainerRelay } = require('../microservice/container-relay');
const { Platform } = require('../cli/platform');
const { deploy } = require('../cli/commands/deploy');
const { elapsed } = require('../cli/output');
const { startStack: startBenchStack, stackPorts } = require('./bench-stack');
const { runBenchmark } = require('./lifecycle');
const { readZipEntries } = require('../cli/zip-entries');

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' }, seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '50' },
    threads: { type: 'string', default: '1' }, warmup: { type: 'string', default: '2' }, rounds: { type: 'string', default: '3' },
    'update-connections': { type: 'string', default: '10' },
    'port-base': { type: 'string', default: String(Number(process.env.BERTH_TEST_PORT_BASE || 18100) + 40) },
  },
});
const RUNS = Number(args.runs);
const ROUNDS = Math.max(1, Number(args.rounds));
const load = { seconds: Number(args.seconds), connections: Number(args.connections), threads: Number(args.threads) };
const ROOT = join(__dirname, '..', '..');
const { zip } = require(join(ROOT, 'dist', 'libs', 'archives', 'src'));
const LOCAL = process.env.BERTH_LOCAL || join(ROOT, '.local');
const base = Number(args['port-base']);
const logDir = join(LOCAL, 'logs', `bench-hosting-${base}`);
const { gatewayPort, all: stackPortList } = stackPorts(base);
const relayPort = gatewayPort + 2;
const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
const prefix = `bh${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
const adminPassword = randomBytes(12).toString('base64url');
const platform = new Platform(gatewayUrl, 'management/admin', adminPassword);
const authorization = platform.authorization;
let relay;
let gatewayProc;
let version2Zip;

async function startStack() {
  relay = await startContainerRelay(gatewayPort, relayPort, (reason) => { throw new Error(`containers cannot reach the gateway: ${reason}`); });
  await startBenchStack({
    base, prefix, adminPassword, logDir, env: { BERTH_MICROSERVICE_BASEURL: relay.url, LOG_LEVEL: process.env.LOG_LEVEL || 'warn' },
    onGateway: (proc) => { gatewayProc = proc; },
  });
}

/** GET or DELETE on the engine's socket (DOCKER_HOST), parsed. */
function engine(method, path) {
  const socketPath = process.env.DOCKER_HOST.replace(/^unix:\/\//, '');
  return new Promise((resolve, reject) => {
    const req = http.request({ socketPath, path, method }, (res) => {
      let text = '';
      res.on('data', (c) => { text += c; }).on('end', () => resolve(text ? JSON.parse(text) : undefined));
    });
    req.on('error', reject).end();
  });
}
const ourContainers = () => engine('GET', `/containers/json?all=1&filters=${encodeURIComponent(JSON.stringify({ label: [`io.berth.prefix=${prefix}`] }))}`);

async function until(what, check, timeoutMs = 60000, everyMs = 50) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return Date.now();
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
const healthStatus = async (name) => (await fetch(`${gatewayUrl}/service/${name}/health`).catch(() => ({ status: 0 }))).status;

/** The same ZIP with its manifest's version set to `version`: a new version of the same service. */
async function withVersion(zipPath, version) {
  const entries = await readZipEntries(zipPath);
  const manifest = JSON.parse(entries.get('cumulocity.json').toString('utf8'));
  const out = zipPath.replace(/\.zip$/, `-${version}.zip`);
  writeFileSync(out, zip([{ name: 'cumulocity.json', data: JSON.stringify({ ...manifest, version }, null, 2), deflate: true }, { name: 'image.tar', data: entries.get('image.tar') }]));
  return out;
}

/**
 * Deploys `zip` (a new version) while `connections` loops send `GET url` through the gateway one
 * request after another, until the deploy is done and the old container is gone.
 * @returns { requests, failed (non-2xx or connection error), firstFailures, updateMs }
 */
async function updateUnderLoad(zip, url, connections) {
  let running = true;
  let requests = 0;
  const failures = [];
  const loop = async () => {
    while (running) {
      requests++;
      try {
        const res = await fetch(url, { headers: { authorization } });
        await res.arrayBuffer();
        if (res.status < 200 || res.status > 299) failures.push(`${res.status}`);
      } catch (err) {
        failures.push(err.cause?.code ?? err.message);
      }
    }
  };
  const loops = Array.from({ length: connections }, loop);
  await new Promise((r) => setTimeout(r, 1000));
  const started = Date.now();
  try {
    await deploy(platform, { zip, timeoutMs: 600000, say: elapsed((l) => console.error(`  ${l}`)), warn: (l) => console.error(`  ${l}`), progress: () => undefined });
    await until('the old container\'s removal', async () => (await ourContainers()).filter((c) => c.State === 'running').length === 1, 120000, 200);
    await new Promise((r) => setTimeout(r, 1000));
  } finally {
    running = false;
    await Promise.all(loops);
  }
  return { requests, failed: failures.length, firstFailures: [...new Set(failures)].slice(0, 3), updateMs: Date.now() - started };
}

/** Unsubscribe (wait until the container is gone), subscribe, and time the 201 → first 200 on /health. */
async function subscribeToHealthy({ id, name }) {
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const off = await platform.request(`/tenant/tenants/management/applications/${id}`, { method: 'DELETE' });
    if (off.status !== 204) throw new Error(`unsubscribe: ${off.status}`);
    await until('container removal', async () => (await ourContainers()).length === 0 && (await healthStatus(name)) !== 200, 60000, 200);
    const on = await platform.request('/tenant/tenants/management/applications', { method: 'POST', body: { application: { id } } });
    if (on.status !== 201) throw new Error(`subscribe: ${on.status}`);
    const since = Date.now();
    const at = await until('health 200', async () => (await healthStatus(name)) === 200, 60000, 20);
    times.push(at - since);
    console.error(`  run ${i + 1}/${RUNS}: subscribe 201 → health 200 in ${at - since} ms`);
  }
  return summarize(times);
}

/** One wrk run after a warm-up; with the gateway's CPU per request (user + kernel, µs) when it is in the path. */
async function measure(label, url, viaGateway) {
  const target = { url, headers: { authorization }, threads: load.threads };
  await runWrk({ ...target, connections: load.connections, seconds: Number(args.warmup) });
  const cpu0 = processes.groupCpuMs(gatewayProc);
  const r = await runWrk({ ...target, ...load });
  const cpu1 = processes.groupCpuMs(gatewayProc);
  const gatewayCpuUs = viaGateway ? ((cpu1.user + cpu1.system - cpu0.user - cpu0.system) * 1000) / r.requests : undefined;
  const errors = r.non2xx + r.socketErrors;
  console.error(`  ${label}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, ${errors} errors${viaGateway ? `, gateway CPU ${gatewayCpuUs.toFixed(0)} µs/request` : ''}`);
  return { label, ...r, errors, gatewayCpuUs };
}

async function main() {
  mkdirSync(logDir, { recursive: true });
  await processes.assertPortsFree([...stackPortList, relayPort]);
  console.log(`hosting benchmark: ${RUNS} subscribes of examples/hello-microservice, then wrk ${load.connections} connections × ${load.seconds} s on GET /hello; logs in ${logDir}`);
  const started = Date.now();
  // A name of its own: on Kafka shared by several stacks, an orchestrator also acts on other stacks' applications.
  const packaged = packageMicroservice(join(ROOT, 'examples', 'hello-microservice'), join(ROOT, 'dist', 'microservices'), { name: `hello-${randomBytes(4).toString('hex')}` });
  console.error(`  packaged ${packaged.name}: ${size(packaged.zipBytes)} ZIP, image.tar ${size(packaged.imageBytes)}`);
  // The runtime and SDK layers are the same for every microservice on that Node and SDK: the engine keeps them once.
  const ownLayers = packaged.layers.filter((l) => !/^berth: (Node .* runtime|@berth\/microservice-sdk )/.test(l.createdBy));
  version2Zip = await withVersion(packaged.zipPath, '2.0.0');
  await startStack();
  console.error(`  stack up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const deployStart = Date.now();
  const app = await deploy(platform, { zip: packaged.zipPath, timeoutMs: 900000, say: elapsed((l) => console.error(`  ${l}`)), warn: (l) => console.error(`  ${l}`), progress: () => undefined });
  const firstDeployMs = Date.now() - deployStart;
  rmSync(packaged.zipPath, { force: true });
  const image = await engine('GET', `/images/${(await ourContainers())[0].ImageID}/json`);
  const health = await subscribeToHealthy(app);

  const [container] = await ourContainers();
  const direct = container.Ports.find((p) => p.PrivatePort === 80 && p.PublicPort).PublicPort;
  const hello = '/hello?who=bench';
  const check = await fetch(`http://127.0.0.1:${direct}${hello}`, { headers: { authorization } });
  if ((await check.text()) !== 'hello bench!') throw new Error(`the container answered ${check.status} directly`);
  // Rounds in alternating order, so that a load spike from elsewhere on the machine does not hit one target only;
  // the verdict takes the ratio within each round (the two runs a minute apart at most) and the median over rounds.
  const rows = [];
  const ratios = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const proxied = await measure(`through the gateway (round ${round})`, `${gatewayUrl}/service/${app.name}${hello}`, true);
    const directly = await measure(`directly on the published port (round ${round})`, `http://127.0.0.1:${direct}${hello}`, false);
    rows.push(proxied, directly);
    ratios.push(proxied.rps / directly.rps);
  }

  console.error(`  update to 2.0.0 under a load of ${args['update-connections']} connections through the gateway`);
  const update = await updateUnderLoad(version2Zip, `${gatewayUrl}/service/${app.name}${hello}`, Number(args['update-connections']));

  const sum = (key) => ownLayers.reduce((n, l) => n + l[key], 0);
  printTable(['artefact', 'size'], [
    ['ZIP (manifest + image.tar without the runtime layer)', size(packaged.zipBytes)],
    ['image as the engine reports it (Size)', size(image.Size)],
    ['non-shared layers (the service\'s own), unpacked / packed', `${size(sum('bytes'))} / ${size(sum('packedBytes'))}`],
  ]);
  printTable(['', 'p50 (ms)', 'p99 (ms)', 'max (ms)'], [
    [`subscribe 201 → first 200 on /service/${app.name}/health (${RUNS} runs)`, health.p50, health.p99, health.max],
    ['first deploy with the CLI (create, upload, subscribe, image load, healthy)', firstDeployMs, '', ''],
  ]);
  printTable(['GET /hello', 'req/s', 'p50 (ms)', 'p99 (ms)', 'errors', 'gateway CPU/request (µs)'], rows.map((r) => [r.label, r.rps.toFixed(0), r.p50.toFixed(2), r.p99.toFixed(2), r.errors, r.gatewayCpuUs?.toFixed(0) ?? '']));
  printTable(['update 1.0.0 → 2.0.0 under load', 'requests', 'failed', 'deploy → old instance gone (s)'], [
    [`GET /service/${app.name}${hello}, ${args['update-connections']} connections`, update.requests, update.failed, (update.updateMs / 1000).toFixed(1)],
  ]);
  const ratio = median(ratios);
  console.log(`target: healthy < 10 s from subscribe: ${health.p50 < 10000 ? 'PASS' : 'FAIL'} (p50 ${health.p50} ms)`);
  console.log(`failed requests during update: ${update.failed} → ${update.failed === 0 ? 'PASS' : 'FAIL'}${update.failed ? ` (${update.firstFailures.join(', ')})` : ''}`);
  console.log(`target: proxied ≥ 0.5 × direct: ${ratio >= 0.5 ? 'PASS' : 'FAIL'} (${ratio.toFixed(2)} ×, median of the rounds' ratios: ${ratios.map((r) => r.toFixed(2)).join(', ')}); run took ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/** The stack's own topics (BERTH_TOPIC_PREFIX), so runs do not pile up partitions on the shared broker. */
runBenchmark(main, {
  prefix,
  before: async () => {
    killWrk();
    if (version2Zip) rmSync(version2Zip, { force: true });
    await relay?.close();
    for (const c of await ourContainers().catch(() => [])) await engine('DELETE', `/containers/${c.Id}?force=1`).catch(() => undefined);
  },
});
