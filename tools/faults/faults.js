// The faults, each injected and lifted by `inject(ctx)`, which resolves when the fault is lifted:
// an app killed with SIGKILL and started again a second later (as a supervisor would), a part of
// the run's own infra stopped for a while, the hosted microservice's container killed.
const http = require('node:http');

const APP_NAMES = require('../stack/apps.json').map((a) => a.name);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A request to the container engine's socket (DOCKER_HOST), parsed. */
function engine(method, path) {
  const socketPath = process.env.DOCKER_HOST.replace(/^unix:\/\//, '');
  return new Promise((resolve, reject) => {
    const req = http.request({ socketPath, path, method }, (res) => {
      let text = '';
      res.on('data', (c) => { text += c; }).on('end', () => {
        if (res.statusCode >= 300) return reject(new Error(`engine ${method} ${path}: ${res.statusCode} ${text}`));
        resolve(text ? JSON.parse(text) : undefined);
      });
    });
    req.on('error', reject).end();
  });
}

/** The containers the run's orchestrator started (label io.berth.prefix), running ones only unless `all`. */
const runContainers = (prefix, all = false) => engine('GET', `/containers/json?all=${all ? 1 : 0}&filters=${encodeURIComponent(JSON.stringify({ label: [`io.berth.prefix=${prefix}`] }))}`);

async function killApp(ctx, name) {
  const { proc } = ctx.apps.get(name);
  const exited = new Promise((resolve) => (proc.exited ? resolve() : proc.child.once('exit', resolve)));
  process.kill(-proc.pid, 'SIGKILL');
  await exited;
  await ctx.processes.stop(proc);
  await sleep(1000);
  ctx.apps.get(name).relaunch();
}

async function outage(ctx, component, seconds) {
  ctx.infra.stop(component);
  await sleep(seconds * 1000);
  ctx.infra.start(component);
}

async function killContainer(ctx) {
  const [container] = await runContainers(ctx.prefix);
  if (!container) throw new Error('the hosted microservice has no running container to kill');
  await engine('POST', `/containers/${container.Id}/kill?signal=SIGKILL`);
}

/**
 * Every fault: `name`, `fast` (part of --fast), `dependency` (the /health dependency that must
 * read DOWN during the outage), `refusedOk` (connections refused are expected: the gateway is
 * down), `hosted` (recovery waits for the hosted microservice), `inject(ctx)`.
 */
const FAULTS = [
  ...APP_NAMES.map((app) => ({ name: `kill -9 ${app}`, fast: true, refusedOk: app === 'gateway', inject: (ctx) => killApp(ctx, app) })),
  { name: 'Redis stopped 10 s', fast: true, dependency: 'redis', inject: (ctx) => outage(ctx, 'redis', 10) },
  { name: 'store stopped 10 s', fast: true, dependency: 'mongodb', inject: (ctx) => outage(ctx, 'ferretdb', 10) },
  { name: 'hosted container killed', fast: true, hosted: true, inject: killContainer },
  { name: 'Kafka stopped 30 s', fast: false, dependency: 'kafka', inject: (ctx) => outage(ctx, 'kafka', 30) },
];

module.exports = { FAULTS, engine, runContainers };
