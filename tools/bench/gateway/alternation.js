// The gateway benchmark's measure of what cached authentication costs (docs/benchmarks/gateway.md,
// "What authentication costs"): one load on the authenticating gateway whose requests change kind
// every few tens of milliseconds, public (p), then Basic (d), then public, then JWT (e), and the
// CPU the gateway spent in each slice of time. The host's speed drifts by tens of percent within
// a second; slices this short, each between two public ones, meet nearly the same speed as their
// neighbours, which separate loads seconds apart do not.
const { join } = require('node:path');
const { median } = require('../stats');
const { runWrk } = require('./wrk');

/** The order of the slices' kinds: each authenticated slice between two public ones. */
const PATTERN = ['p', 'd', 'p', 'e'];
/** Slices left out at the start, while the clients learn the first switches. */
const SETTLING_SLICES = 2 * PATTERN.length;

/**
 * What each authenticated kind costs, by CPU per request against the public path: for `d` and
 * `e`, `1 − (public CPU per request) ÷ (its CPU per request)`. `slices` are the upstream's
 * (trivial-upstream.js): the kind each was for, the CPU spent in it, and how many requests of each
 * kind arrived in it. A slice holds a few requests of the kind before it (those in flight at the
 * switch), so a kind's cost is the ratio `r` (its CPU per request ÷ the public path's) at which
 * the CPU of its slices, per request counted as `r` public ones, is the mean of its two public
 * neighbours', in the median over its slices; found by refining `r` until it holds.
 */
function authCosts(rawSlices) {
  const slices = rawSlices.slice(SETTLING_SLICES);
  const ratio = { p: 1, d: 1, e: 1 };
  const perPublic = () => slices.map((s) => {
    const equivalent = Object.keys(s.counts).reduce((sum, k) => sum + ratio[k] * s.counts[k], 0);
    return equivalent > 0 ? s.cpuNs / equivalent : undefined;
  });
  const comparisons = (u, kind) => {
    const out = [];
    for (let i = 1; i + 1 < slices.length; i++) {
      if (slices[i].kind !== kind || slices[i - 1].kind !== 'p' || slices[i + 1].kind !== 'p') continue;
      if (u[i] === undefined || u[i - 1] === undefined || u[i + 1] === undefined) continue;
      out.push(u[i] / ((u[i - 1] + u[i + 1]) / 2));
    }
    return out;
  };
  const compared = { d: 0, e: 0 };
  for (let step = 0; step < 50; step++) {
    const u = perPublic();
    let moved = 0;
    for (const kind of ['d', 'e']) {
      const found = comparisons(u, kind);
      compared[kind] = found.length;
      if (!found.length) throw new Error(`the alternating load has no ${kind} slice between two public ones with requests`);
      const factor = median(found);
      ratio[kind] *= factor;
      moved = Math.max(moved, Math.abs(factor - 1));
    }
    if (moved < 1e-9) break;
  }
  return { d: 1 - 1 / ratio.d, e: 1 - 1 / ratio.e, compared };
}

/**
 * Runs the alternating load on `target` (the authenticating gateway's process) for `seconds`, in
 * slices of `sliceMs`: `paths` maps each kind to its path and `Authorization` (undefined for
 * none). Resolves with the costs (authCosts), the load's errors (as measureRound counts them:
 * status ≥ 400, socket errors, requests the upstream did not see) and the slices.
 */
async function measureAuthCosts({ upstream, target, url, paths, seconds, sliceMs, connections, threads }) {
  const scriptArgs = Object.entries(paths).flatMap(([kind, { path, authorization }]) => [kind, path, authorization ?? '-']);
  upstream.child.send({ alternate: { kinds: PATTERN, sliceMs, pid: target.pid } });
  const loaded = await runWrk({ url, connections, threads, seconds, script: join(__dirname, 'alternate.lua'), scriptArgs })
    .then((load) => ({ load }), (error) => ({ error }));
  // The upstream stops alternating whatever became of the load, so it answers the other loads as before.
  const slices = await new Promise((resolve) => { upstream.child.once('message', (m) => resolve(m.slices)); upstream.child.send('stop'); });
  if (loaded.error) throw loaded.error;
  const { load } = loaded;
  const arrived = slices.reduce((sum, s) => sum + Object.values(s.counts).reduce((a, b) => a + b, 0), 0);
  return { ...authCosts(slices), errors: load.non2xx + load.socketErrors + Math.max(0, load.requests - arrived), slices };
}

module.exports = { authCosts, measureAuthCosts, PATTERN };
