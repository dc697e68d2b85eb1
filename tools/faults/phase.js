// One fault under load: the load starts, the fault is injected and lifted while every app's /health
// is watched, the time until everything works again is measured, the load stops, the checks run.
const { startLoad } = require('./load');
const { checkPhase } = require('./checks');

const LEAD_MS = 3000;
const TAIL_MS = 3000;
const RECOVERY_LIMIT_MS = 180000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function health(url) {
  try {
    const res = await fetch(`${url}/health`, { signal: AbortSignal.timeout(5000) });
    return { status: res.status, body: await res.json().catch(() => ({})) };
  } catch (err) {
    return { status: 0, body: { reason: err.cause?.code ?? err.message } };
  }
}

/** Polls every app's /health once a second until `stop()`; answers the apps that said DOWN with `dependency` DOWN. */
function watchHealth(healthUrls, dependency) {
  const saidDown = new Set();
  let watching = true;
  const loop = (async () => {
    while (watching) {
      await Promise.all(Object.entries(healthUrls).map(async ([app, url]) => {
        const h = await health(url);
        if (h.status === 503 && h.body.status === 'DOWN' && h.body.dependencies?.[dependency]?.status === 'DOWN') saidDown.add(app);
      }));
      await sleep(1000);
    }
  })();
  return async () => { watching = false; await loop; return saidDown; };
}

/** Milliseconds until every app reports UP, a write is acknowledged and (for `hosted`) the microservice is healthy again. */
async function recovery(ctx, fault, since) {
  const { request } = ctx.quiet;
  for (let i = 0; ; i++) {
    const exited = [...ctx.apps].filter(([, a]) => a.proc.exited).map(([name]) => name);
    if (exited.length) throw new Error(`${exited.join(', ')} exited and would need a hand`);
    const healths = await Promise.all(Object.values(ctx.healthUrls).map(health));
    let ok = healths.every((h) => h.status === 200);
    if (ok) ok = (await request('/tenant/options', { method: 'POST', auth: ctx.fixture.admin, body: { category: 'faults-probe', key: `p${Date.now()}${i}`, value: 'x' } })).status === 201;
    if (ok && fault.hosted) ok = (await request(`/service/${ctx.fixture.hosted.name}/health`)).status === 200;
    if (ok) return Date.now() - since;
    if (Date.now() - since > RECOVERY_LIMIT_MS) throw new Error(`not recovered within ${RECOVERY_LIMIT_MS / 1000} s`);
    await sleep(250);
  }
}

/** Runs `fault` as phase number `index`; answers its table row and its problems. */
async function runPhase(ctx, fault, index) {
  const tag = `p${index}`;
  const counts = { requests: 0, ok: 0, expected: 0, unavailable: 0, refused: 0, hang: 0, wrong: 0, slowestMs: 0, samples: new Map() };
  ctx.record = (outcome, detail, ms) => {
    counts.requests++;
    if (ms > counts.slowestMs) Object.assign(counts, { slowestMs: ms, slowest: detail });
    counts[outcome]++;
    const bad = outcome === 'wrong' || outcome === 'hang' || (outcome === 'refused' && !fault.refusedOk);
    if (bad) counts.samples.set(detail, (counts.samples.get(detail) ?? 0) + 1);
  };
  const load = startLoad(ctx.client, ctx.fixture, tag);
  const problems = [];
  let recoveryMs;
  try {
    await sleep(LEAD_MS);
    const stopWatching = fault.dependency ? watchHealth(ctx.healthUrls, fault.dependency) : undefined;
    await fault.inject(ctx);
    const liftedAt = Date.now();
    const saidDown = await stopWatching?.();
    if (fault.dependency && !ctx.dependents[fault.dependency]) problems.push(`no app reports ${fault.dependency} on /health`);
    for (const app of fault.dependency ? ctx.dependents[fault.dependency] ?? [] : []) {
      if (!saidDown.has(app)) problems.push(`${app}'s /health never said DOWN with ${fault.dependency} DOWN`);
    }
    recoveryMs = await recovery(ctx, fault, liftedAt).catch((err) => { problems.push(err.message); return undefined; });
    if (fault.check) problems.push(...await fault.check(ctx));
    await sleep(TAIL_MS);
  } finally {
    await load.stop();
    ctx.record = () => undefined;
  }
  const checked = await checkPhase({ request: ctx.quiet.request, fixture: ctx.fixture, ledger: load.ledger, smsc: ctx.smsc, phasePrefix: `${ctx.fixture.run}${tag} ` });
  problems.push(...checked.problems, ...checked.lost, ...checked.duplicated);
  for (const [detail, n] of counts.samples) problems.push(`${n}× ${detail}`);
  const bad = counts.wrong + counts.hang + (fault.refusedOk ? 0 : counts.refused);
  return {
    slowest: counts.slowest,
    row: [fault.name, counts.requests, counts.requests - counts.ok - counts.expected, counts.unavailable, bad, `${(counts.slowestMs / 1000).toFixed(1)} s`, checked.lost.length, checked.duplicated.length,
      recoveryMs === undefined ? 'none' : `${(recoveryMs / 1000).toFixed(1)} s`, problems.length ? 'FAIL' : 'pass'],
    problems,
  };
}

module.exports = { runPhase, health };
