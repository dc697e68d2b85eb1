// `npm run test:faults` (docs/reliability.md): faults injected under a steady mix of writes (applications,
// options, subscriptions, SMS), each followed by the checks (nothing acknowledged is lost, every
// subscription ends deployed, no SMS twice, every app recovers by itself, outages answer 503 with
// the error resource and Retry-After, never a hang or a 500), and a table at the end; exits 1 when
// any check fails. The run has its own Kafka, FerretDB and Redis (tools/faults/infra.js) and its own
// apps; only the container engine is shared. Options: --fast (all but the 30 s Kafka outage),
// --only <text> (the faults whose name contains it), --port-base, --infra-port-base.
const { randomBytes } = require('node:crypto');
const { mkdirSync } = require('node:fs');
const { join } = require('node:path');
const { parseArgs } = require('node:util');
const processes = require('../bench/gateway/processes');
const { startStack, stackPorts } = require('../bench/bench-stack');
const { printTable } = require('../bench/stats');
const { startSmsc } = require('../bench/sms-smsc');
const { startContainerRelay } = require('../microservice/container-relay');
const { ownInfra } = require('./infra');
const { gatewayClient } = require('./client');
const { makeFixture } = require('./setup');
const { FAULTS, engine, runContainers } = require('./faults');
const { runPhase, health } = require('./phase');

const { values: args } = parseArgs({
  options: {
    fast: { type: 'boolean', default: false }, only: { type: 'string' },
    'port-base': { type: 'string', default: String(Number(process.env.BERTH_TEST_PORT_BASE || 18100) + 90) },
    'infra-port-base': { type: 'string', default: process.env.BERTH_FAULTS_INFRA_PORT_BASE || '29092' },
  },
});
const ROOT = join(__dirname, '..', '..');
const LOCAL = process.env.BERTH_LOCAL || join(ROOT, '.local');
const base = Number(args['port-base']);
const { ports, gatewayPort, all: stackPortList } = stackPorts(base);
const relayPort = gatewayPort + 2;
const smscPort = gatewayPort + 3;
const run = `f${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
const infraDir = process.env.BERTH_FAULTS_LOCAL || join(LOCAL, 'faults');
const logDir = join(infraDir, 'logs', 'apps');
const log = (line) => console.error(`[faults ${new Date().toISOString().slice(11, 19)}] ${line}`);
const selected = FAULTS.filter((f) => (!args.fast || f.fast) && (!args.only || f.name.includes(args.only)));

const ctx = {
  prefix: run, processes, apps: new Map(), record: () => undefined,
  infra: ownInfra({ dir: infraDir, portBase: Number(args['infra-port-base']), parentLocal: LOCAL, log }),
  healthUrls: { ...Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, `http://127.0.0.1:${port}`])), gateway: `http://127.0.0.1:${gatewayPort}` },
};
let relay;
let infraUp = false;

/** Which apps report which dependency on /health (e.g. redis → the apps that must say DOWN without it). */
async function dependents() {
  const found = {};
  for (const [app, url] of Object.entries(ctx.healthUrls)) {
    for (const dep of Object.keys((await health(url)).body.dependencies ?? {})) (found[dep] ??= []).push(app);
  }
  return found;
}

async function main() {
  if (!selected.length) throw new Error(`no fault matches --only ${args.only}`);
  mkdirSync(logDir, { recursive: true });
  const infraPorts = Object.values(ctx.infra.ports);
  await processes.assertPortsFree([...stackPortList, relayPort, smscPort, ...infraPorts]);
  const started = Date.now();
  log(`${selected.length} faults; run ${run}; apps on ports ${base}…${gatewayPort}, own infra on ${infraPorts.join(', ')}; logs in ${logDir}`);
  infraUp = true;
  ctx.infra.up();
  ctx.smsc = await startSmsc(smscPort, run);
  relay = await startContainerRelay(gatewayPort, relayPort, (reason) => { throw new Error(`containers cannot reach the gateway: ${reason}`); });
  const adminPassword = randomBytes(12).toString('base64url');
  const gatewayUrl = await startStack({ base, prefix: run, adminPassword, logDir, apps: ctx.apps, allowHosts: [`127.0.0.1:${smscPort}`], env: { ...ctx.infra.env, BERTH_MICROSERVICE_BASEURL: relay.url, LOG_LEVEL: process.env.LOG_LEVEL || 'warn' } });
  ctx.client = gatewayClient(gatewayUrl, (outcome, detail, ms) => ctx.record(outcome, detail, ms));
  ctx.quiet = gatewayClient(gatewayUrl, () => undefined);
  log(`stack up in ${((Date.now() - started) / 1000).toFixed(0)} s; deploying the hosted microservice and the tenants`);
  ctx.fixture = await makeFixture({ gatewayUrl, adminPassword, run, smsc: ctx.smsc, smscPort, log });
  ctx.dependents = await dependents();
  log(`/health dependencies: ${Object.entries(ctx.dependents).map(([dep, apps]) => `${dep} (${apps.join(', ')})`).join('; ')}`);
  const rows = [];
  const failures = [];
  for (const [i, fault] of selected.entries()) {
    log(`${fault.name}: injecting under load`);
    const { row, problems, slowest } = await runPhase(ctx, fault, i);
    log(`${fault.name}: ${row.slice(1).join(' | ')}; slowest: ${slowest}`);
    rows.push(row);
    if (problems.length) failures.push([fault.name, problems]);
  }
  console.log(`\nfaults under load (${selected.length} faults, run took ${((Date.now() - started) / 1000).toFixed(0)} s):`);
  printTable(['fault', 'requests', 'errors', 'of which 503', 'bad answers', 'slowest', 'lost', 'duplicated', 'recovery', 'checks'], rows);
  for (const [name, problems] of failures) {
    console.log(`\n${name}:`);
    for (const p of problems.slice(0, 15)) console.log(`  - ${p}`);
    if (problems.length > 15) console.log(`  … and ${problems.length - 15} more`);
  }
  if (failures.length) throw new Error(`${failures.length} of ${rows.length} faults failed their checks`);
}

let finishing = false;
async function finish(code) {
  if (finishing) return;
  finishing = true;
  const containers = await runContainers(run, true).catch(() => []);
  for (const c of containers) await engine('DELETE', `/containers/${c.Id}?force=1`).catch(() => undefined);
  // The hosted microservice's image, loaded for this run only (its name is the run's).
  for (const image of new Set(containers.map((c) => c.ImageID))) await engine('DELETE', `/images/${image}?force=1`).catch(() => undefined);
  await relay?.close();
  await processes.stopAll();
  await ctx.smsc?.stop();
  if (infraUp) try { ctx.infra.down(); } catch (err) { console.error(`could not stop the run's infra: ${err.message}`); }
  process.exit(code);
}

process.on('SIGINT', () => { console.error('interrupted; stopping what the fault run started'); void finish(130); });
process.on('SIGTERM', () => void finish(143));
main().then(() => finish(0), (err) => { console.error(err.message); return finish(1); });
