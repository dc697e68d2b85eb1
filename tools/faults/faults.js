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

/**
 * Kafka stopped for 30 s, and in the middle of it the read-your-writes case (docs/consistency.md,
 * "When Kafka is away"): a tenant is subscribed (acknowledged although its message cannot be
 * published), then the registry's list of the tenant's applications, which learns of subscriptions
 * from that message, must answer 503 with Retry-After rather than a list without it; `check` then
 * reads the list again once everything has recovered: it must name the application.
 */
async function kafkaOutageWithRead(ctx) {
  const { request } = ctx.quiet;
  const id = `${ctx.fixture.run}k${Date.now().toString(36)}`;
  const tenant = await request('/tenant/tenants', { method: 'POST', auth: ctx.fixture.admin, body: { company: 'Faults', domain: `${id}.example.com`, adminName: 'boss', adminPass: `Pw-${id}-x1`, adminEmail: 'boss@example.com' } });
  const app = await request('/application/applications', { method: 'POST', auth: ctx.fixture.admin, body: { name: id, key: `${id}-key`, type: 'EXTERNAL', externalUrl: 'https://example.com', availability: 'MARKET' } });
  if (tenant.status !== 201 || app.status !== 201) throw new Error(`the outage read's tenant and application: ${tenant.status}, ${app.status}`);
  const probe = { tenant: tenant.body.id, application: String(app.body.id) };
  ctx.infra.stop('kafka');
  const stoppedAt = Date.now();
  await sleep(2000);
  probe.write = await request(`/tenant/tenants/${probe.tenant}/applications`, { method: 'POST', auth: ctx.fixture.admin, body: { application: { id: probe.application } } });
  probe.read = await request(`/application/applicationsByTenant/${probe.tenant}?pageSize=100`, { auth: ctx.fixture.admin });
  ctx.outageRead = probe;
  await sleep(Math.max(0, 30000 - (Date.now() - stoppedAt)));
  ctx.infra.start('kafka');
}

/** The outage read's verdicts: the write acknowledged, the read refused cleanly during the outage, and answered with the write after it. */
async function checkOutageRead(ctx) {
  const probe = ctx.outageRead;
  if (!probe) return ['the outage read did not run'];
  const problems = [];
  if (probe.write.status !== 201) problems.push(`a subscribe during the outage answered ${probe.write.status} (want 201: stored, published later)`);
  if (probe.read.status !== 503 || !probe.read.retryAfter) problems.push(`a dependent read during the outage answered ${probe.read.status} (want 503 with Retry-After, not what may be stale)`);
  let after;
  for (const deadline = Date.now() + 30000; Date.now() < deadline; await sleep(500)) {
    after = await ctx.quiet.request(`/application/applicationsByTenant/${probe.tenant}?pageSize=100`, { auth: ctx.fixture.admin });
    if (after.status !== 503) break;
  }
  const listed = after?.status === 200 && after.body?.applications?.some((a) => String(a.id) === probe.application);
  if (!listed) problems.push(`after the outage the tenant's applications answered ${after?.status} without the subscription made during it`);
  return problems;
}

async function killContainer(ctx) {
  const [container] = await runContainers(ctx.prefix);
  if (!container) throw new Error('the hosted microservice has no running container to kill');
  await engine('POST', `/containers/${container.Id}/kill?signal=SIGKILL`);
}

/**
 * Every fault: `name`, `fast` (part of --fast), `dependency` (the /health dependency that must
 * read DOWN during the outage), `refusedOk` (connections refused are expected: the gateway is
 * down), `hosted` (recovery waits for the hosted microservice), `inject(ctx)`, and `check(ctx)`
 * (more problems, asked after recovery).
 */
const FAULTS = [
  ...APP_NAMES.map((app) => ({ name: `kill -9 ${app}`, fast: true, refusedOk: app === 'gateway', inject: (ctx) => killApp(ctx, app) })),
  { name: 'Redis stopped 10 s', fast: true, dependency: 'redis', inject: (ctx) => outage(ctx, 'redis', 10) },
  { name: 'store stopped 10 s', fast: true, dependency: 'mongodb', inject: (ctx) => outage(ctx, 'ferretdb', 10) },
  { name: 'hosted container killed', fast: true, hosted: true, inject: killContainer },
  { name: 'Kafka stopped 30 s', fast: false, dependency: 'kafka', inject: kafkaOutageWithRead, check: checkOutageRead },
];

module.exports = { FAULTS, engine, runContainers };
