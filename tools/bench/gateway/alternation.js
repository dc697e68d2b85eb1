// The gateway benchmark's verdicts on cost (docs/benchmarks/gateway.md, "Alternating loads"): loads
// of several kinds, one wrk each, of which only one runs at a time, in slices of a tenth of a
// second: the floor, the gateway, the floor, the gateway with Basic; or the authenticating
// gateway's public path, Basic, public path, JWT. The host's speed swings by tens of percent
// within a second; a slice between two slices of the reference kind meets nearly the speed they
// meet, which loads taking turns seconds apart do not.
const { median } = require('../stats');
const { runWrk } = require('./wrk');
const { startAlternating, stopAlternating, upstreamServed } = require('./upstream-ipc');

/** Slices left out at the start, while the loads settle into their turns. */
const SETTLING_SLICES = 8;

/**
 * How each kind compares with `reference`, the kind of every other slice: `cpu[kind]`, its CPU per
 * request ÷ the reference's, and `rate[kind]`, its requests per second ÷ the reference's; each the
 * median over the kind's slices of the slice against the mean of its two neighbours.
 * `slices` are the upstream's (trivial-upstream.js): kind, length (`ns`), the CPU its kind's
 * process spent in it (`cpuNs`), and the requests of each kind that arrived in it. `processOf`
 * maps each kind to its process: requests of another process's kind in a slice (its wrk's last
 * ones, in flight at the switch) cost that process's CPU, not this slice's; those of the same
 * process's kinds do, and count as what their kind costs: found by refining the ratios until the
 * medians settle.
 */
function compareSlices(rawSlices, reference, processOf) {
  const slices = rawSlices.slice(SETTLING_SLICES);
  const kinds = [...new Set(rawSlices.map((s) => s.kind))].filter((k) => k !== reference);
  const cpu = Object.fromEntries([reference, ...kinds].map((k) => [k, 1]));
  // The kinds whose requests cost each slice's process its CPU: its own kind's, and those of kinds served by the same process.
  const served = slices.map((s) => Object.keys(s.counts).filter((k) => processOf[k] === processOf[s.kind]));
  const neighbours = (kind) => {
    const at = [];
    for (let i = 1; i + 1 < slices.length; i++) {
      if (slices[i].kind === kind && slices[i - 1].kind === reference && slices[i + 1].kind === reference) at.push(i);
    }
    if (!at.length) throw new Error(`the alternating load has no ${kind} slice between two ${reference} ones`);
    return at;
  };
  const against = (values, at) => median(at
    .filter((i) => [values[i - 1], values[i], values[i + 1]].every((v) => Number.isFinite(v) && v > 0))
    .map((i) => values[i] / ((values[i - 1] + values[i + 1]) / 2)));
  const compared = Object.fromEntries(kinds.map((k) => [k, neighbours(k)]));
  for (let step = 0; step < 50; step++) {
    const perRequest = slices.map((s, i) => s.cpuNs / served[i].reduce((sum, k) => sum + cpu[k] * s.counts[k], 0));
    let moved = 0;
    for (const kind of kinds) {
      const factor = against(perRequest, compared[kind]);
      cpu[kind] *= factor;
      moved = Math.max(moved, Math.abs(factor - 1));
    }
    if (moved < 1e-9) break;
  }
  const perSecond = slices.map((s) => (s.counts[s.kind] * 1e9) / s.ns);
  return {
    cpu: Object.fromEntries(kinds.map((k) => [k, cpu[k]])),
    rate: Object.fromEntries(kinds.map((k) => [k, against(perSecond, compared[k])])),
    compared: Object.fromEntries(kinds.map((k) => [k, compared[k].length])),
  };
}

/**
 * One alternating load: `loads` are `{ kind, url, headers, target }` (target: the process it
 * loads), one wrk each at `connections` for `seconds`, run one at a time in `pattern`'s order
 * (its first kind the reference) in slices of `sliceMs`. Resolves with compareSlices' figures, the
 * errors (status ≥ 400, socket errors, requests the upstream did not see) and the slices.
 */
async function alternatingLoad({ upstream, loads, pattern, seconds, sliceMs, connections, threads }) {
  const served0 = await upstreamServed(upstream);
  const children = [];
  const runs = loads.map((load, i) => runWrk({
    url: load.url, headers: { ...load.headers, 'x-bench-kind': load.kind }, connections, threads, seconds: seconds + 10,
    onSpawn: (child) => { children[i] = child; },
  }).then((report) => ({ report }), (error) => ({ error })));
  startAlternating(upstream, { pattern, sliceMs, loads: Object.fromEntries(loads.map((l, i) => [l.kind, { wrk: children[i].pid, target: l.target.pid }])) });
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const slices = await stopAlternating(upstream);
  // wrk ends on SIGINT, and reports what it did until then.
  for (const child of children) child.kill('SIGINT');
  const done = await Promise.all(runs);
  const failed = done.find((d) => d.error);
  if (failed) throw failed.error;
  const served = (await upstreamServed(upstream)) - served0;
  const requests = done.reduce((sum, { report }) => sum + report.requests, 0);
  const errors = done.reduce((sum, { report }) => sum + report.non2xx + report.socketErrors, 0) + Math.max(0, requests - served);
  const processOf = Object.fromEntries(loads.map((l) => [l.kind, l.target.pid]));
  return { ...compareSlices(slices, pattern[0], processOf), errors, slices };
}

module.exports = { compareSlices, alternatingLoad };
