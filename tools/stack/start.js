// `npm start`: runs the six built apps (with BERTH_GATEWAY_REPLICAS gateways) against the local infra,
// waits until each reports UP, prints each gateway's URL, and stops them all cleanly on Ctrl-C (SIGINT) or SIGTERM.
const { spawn } = require('node:child_process');
const { createWriteStream } = require('node:fs');
const { join } = require('node:path');
const { APPS, portOf } = require('./apps');
const { appEnv, local, root, stackEnv } = require('./env');
const { gatewayReplicas, portClashes } = require('./gateway-replicas');
const { waitHealthy } = require('./health');
const { startContainerRelay } = require('../microservice/container-relay');
const { build: buildConsole } = require('../console/build');
const { installConsole } = require('../console/install');

const STARTUP_TIMEOUT_MS = Number(process.env.BERTH_STARTUP_TIMEOUT_MS || 60000);
const toConsole = process.env.BERTH_LOG_TO_CONSOLE === '1';
const children = new Map();
let stopping = false;
let relay;

/** Starts one process of `app`, known (in `children`, its log's name, messages) as `name`. */
function launch(app, env, name = app.name) {
  const log = createWriteStream(join(local, 'logs', `${name}.log`), { flags: 'a' });
  const child = spawn(process.execPath, [...(app.nodeFlags || []), join(root, 'dist', 'apps', app.name, 'src', 'main.js')], {
    env: appEnv(env, app), stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream.pipe(log, { end: false });
    if (toConsole) stream.pipe(process.stdout, { end: false });
  }
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (!stopping) {
      console.error(`[berth] ${name} exited (${signal || code}); see .local/logs/${name}.log`);
      stop(1);
    }
  });
  children.set(name, child);
  return child;
}

async function stop(code) {
  if (stopping) return;
  stopping = true;
  console.log('[berth] stopping the apps');
  await relay?.close();
  const exits = [...children.values()].map((c) => new Promise((r) => { c.once('exit', r); c.kill('SIGTERM'); }));
  const timer = setTimeout(() => { for (const c of children.values()) c.kill('SIGKILL'); }, 15000);
  await Promise.all(exits);
  clearTimeout(timer);
  process.exit(code);
}

async function main() {
  if (process.env.BERTH_OUTBOUND_ALLOW_PRIVATE === 'true') {
    console.error('[berth] BERTH_OUTBOUND_ALLOW_PRIVATE=true would let tenants make the platform call this machine\'s own services; '
      + 'allow a local SMSC or identity provider by its address instead, e.g. BERTH_OUTBOUND_ALLOW_HOSTS=127.0.0.1:2775');
    process.exit(1);
  }
  const { env, generated } = stackEnv();
  let gateways;
  try {
    gateways = gatewayReplicas(env);
  } catch (err) {
    console.error(`[berth] ${err.message}`);
    process.exit(1);
  }
  const clashes = portClashes(env, gateways);
  if (clashes.length) {
    console.error(`[berth] ${clashes.join('; ')}; set the ports apart (docs/getting-started.md#ports)`);
    process.exit(1);
  }
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
  const internal = APPS.filter((a) => a.name !== 'gateway');
  const gateway = APPS.find((a) => a.name === 'gateway');
  if (!env.BERTH_MICROSERVICE_BASEURL) {
    // Hosted containers cannot reach the gateway on loopback: relay the first gateway's port on the engine's bridge address.
    relay = await startContainerRelay(portOf(gateway, env), portOf(gateway, env), (reason) => {
      console.log(`[berth] hosted microservices cannot reach the gateway (${reason}); set BERTH_MICROSERVICE_BASEURL to an address they can`);
    }, env.DOCKER_HOST);
    if (relay) env.BERTH_MICROSERVICE_BASEURL = relay.url;
  }
  for (const app of internal) launch(app, env);
  await Promise.all(internal.map((app) => check(app, env)));
  for (const replica of gateways) launch(gateway, replica.env, replica.name);
  await Promise.all(gateways.map((replica) => check(gateway, replica.env, replica.name)));
  // The console is stored once, through the first gateway; every gateway serves it.
  const url = gateways[0].url;
  await installConsole(url, `${env.BERTH_MANAGEMENT_TENANT || 'management'}/admin`, env.BERTH_ADMIN_PASSWORD, await buildConsole())
    .then((version) => console.log(`[berth] web console ${version}: ${url}/apps/administration/`))
    .catch((err) => console.error(`[berth] the web console was not installed: ${err.message}`));
  if (generated.includes('BERTH_ADMIN_PASSWORD')) {
    console.log(`[berth] generated the password of management/admin: ${env.BERTH_ADMIN_PASSWORD}`);
  }
  console.log(`[berth] management tenant: management, user: admin (password in BERTH_ADMIN_PASSWORD or .local/secrets/berth_admin_password)`);
  for (const replica of gateways) console.log(`[berth] ${replica.name}: ${replica.url}`);
  console.log('[berth] ready');
}

async function check(app, env, name = app.name) {
  const child = children.get(name);
  const result = await waitHealthy(app, env, STARTUP_TIMEOUT_MS, () => children.has(name) && child.exitCode === null);
  if (result?.up) { console.log(`[berth] ${name.padEnd(26)} UP on port ${portOf(app, env)}`); return; }
  console.error(`[berth] ${name} did not become healthy: ${JSON.stringify(result?.body ?? {})}; see .local/logs/${name}.log`);
  await stop(1);
}

main().catch((err) => { console.error(err); stop(1); });
