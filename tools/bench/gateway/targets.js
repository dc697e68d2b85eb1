// The gateway benchmark's targets (docs/benchmarks/gateway.md) and their verdicts from one run's
// measurements: rounds in which the floor (f) and the gateway rows took turns, and the rows'
// figures over the whole run.
const { median } = require('../stats');

const TARGETS = { vsFloorRps: 0.8, vsFloorCpu: 1.25, addedP50OverFloorMs: 0.05, basicCost: 0.05, jwtCost: 0.1, rssMb: 150, rssConnections: 50 };

/** The median over the rounds of `of(round)`, a figure of rows whose loads took turns. */
const perRound = (rounds, of) => median(rounds.map(of));

/**
 * What an authentication costs within the authenticating process, by CPU per request: its row
 * (`key`: d or e) against the same process's public path (p) in the same round.
 */
function sameProcessCost(rounds, key) {
  return perRound(rounds, (r) => 1 - r.p.cpuUsPerRequest / r[key].cpuUsPerRequest);
}

const fixed = (v, digits) => v.toFixed(digits);
const signed = (v, digits) => `${v >= 0 ? '+' : '−'}${Math.abs(v).toFixed(digits)}`;
const percent = (v) => `${(v * 100).toFixed(1)}%`;

/**
 * One verdict per target: `{ ok, text }`, `text` the measured value against its threshold.
 * `rows` maps a row's key to its figures over the run (errors summed over it); `rounds` are
 * `{ f, c, d, e, p }`, each row's figures over the loads of one round (`p50singles`: the p50 at
 * one connection of each cycle).
 */
function judge({ rows, rounds, connections }) {
  const T = TARGETS;
  const rps = (key) => perRound(rounds, (r) => r[key].rps / r.f.rps);
  const cpu = (key) => perRound(rounds, (r) => r[key].cpuUsPerRequest / r.f.cpuUsPerRequest);
  // Each cycle's load at one connection against the floor's of the same cycle, loaded seconds apart.
  const overFloor = (key) => median(rounds.flatMap((r) => r[key].p50singles.map((p50, i) => p50 - r.f.p50singles[i])));
  const basic = sameProcessCost(rounds, 'd');
  const jwt = sameProcessCost(rounds, 'e');
  const rss = Math.max(rows.d.rssMb, rows.e.rssMb, rows.p.rssMb);
  const errors = Object.values(rows).reduce((sum, r) => sum + r.errors, 0);
  const floorAdded = rows.f.p50single - rows.a.p50single;
  return [
    {
      ok: rps('c') >= T.vsFloorRps && rps('d') >= T.vsFloorRps,
      text: `gateway req/s ÷ the floor's (f): ${fixed(rps('c'), 2)} without auth (c), ${fixed(rps('d'), 2)} with cached Basic (d) (target ≥ ${T.vsFloorRps})`,
    },
    {
      ok: cpu('c') <= T.vsFloorCpu && cpu('d') <= T.vsFloorCpu,
      text: `gateway CPU per request ÷ the floor's: ${fixed(cpu('c'), 2)} (c), ${fixed(cpu('d'), 2)} (d) (target ≤ ${T.vsFloorCpu})`,
    },
    {
      ok: overFloor('c') <= T.addedP50OverFloorMs && overFloor('d') <= T.addedP50OverFloorMs,
      text: `p50 at 1 connection over the floor's (which adds ${fixed(floorAdded, 3)} ms to the upstream's): ${signed(overFloor('c'), 3)} ms (c), ${signed(overFloor('d'), 3)} ms (d) (target ≤ +${T.addedP50OverFloorMs} ms)`,
    },
    { ok: basic <= T.basicCost, text: `cached Basic auth, same process (d against p): ${percent(basic)} of CPU per request (target ≤ ${percent(T.basicCost)})` },
    { ok: jwt <= T.jwtCost, text: `cached RS256 JWT, same process (e against p): ${percent(jwt)} of CPU per request (target ≤ ${percent(T.jwtCost)})` },
    {
      ok: rss <= T.rssMb,
      text: `peak RSS of the gateway with auth at ${connections} connections: ${fixed(rss, 0)} MB (target ≤ ${T.rssMb} MB at ${T.rssConnections})`,
    },
    { ok: errors === 0, text: `errors (status ≥ 400, socket errors, answers not from the upstream): ${errors} (target 0)` },
  ];
}

module.exports = { TARGETS, judge, sameProcessCost };
