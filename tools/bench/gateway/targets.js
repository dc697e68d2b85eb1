// The gateway benchmark's targets (docs/benchmarks/gateway.md) and their verdicts from one run's
// measurements: the two alternating loads (alternation.js) for what the gateway costs, rounds in
// which the floor (f) and the gateway rows took turns, cycle by cycle, for its latency at one
// connection, and the rows' figures over the whole run.
const { median } = require('../stats');

const TARGETS = { vsFloorRps: 0.8, vsFloorCpu: 1.25, addedP50OverFloorMs: 0.05, basicCost: 0.05, jwtCost: 0.1, rssMb: 150, rssConnections: 50 };

/**
 * The median over every cycle of every round of `of(round, i)`, a comparison of the rows' loads of
 * cycle `i`: a burst of the host's noise during one load moves one value of many.
 */
const perCycle = (rounds, of) => median(rounds.flatMap((r) => r.f.p50singles.map((_, i) => of(r, i))));

const fixed = (v, digits) => v.toFixed(digits);
const signed = (v, digits) => `${v >= 0 ? '+' : '−'}${Math.abs(v).toFixed(digits)}`;
const percent = (v) => `${(v * 100).toFixed(1)}%`;

/**
 * One verdict per target: `{ ok, text }`, `text` the measured value against its threshold.
 * `rows` maps a row's key to its figures over the run (errors summed over it); `rounds` are
 * `{ f, c, d, e, p }`, each row's figures over the loads of one round, with the p50 at one
 * connection of each cycle in `p50singles`; `versusFloor` (f c f d)
 * and `auth` (p d p e) are the alternating loads' comparisons (alternation.js): `cpu` and `rate`
 * of each kind against the reference's, how many slices were `compared`, and the `errors`.
 */
function judge({ rows, rounds, versusFloor, auth, connections }) {
  const T = TARGETS;
  const rps = (key) => versusFloor.rate[key];
  const cpu = (key) => versusFloor.cpu[key];
  const cost = (key) => 1 - 1 / auth.cpu[key];
  const overFloor = (key) => perCycle(rounds, (r, i) => r[key].p50singles[i] - r.f.p50singles[i]);
  const rss = Math.max(rows.d.rssMb, rows.e.rssMb, rows.p.rssMb);
  const errors = Object.values(rows).reduce((sum, r) => sum + r.errors, 0) + versusFloor.errors + auth.errors;
  const floorAdded = rows.f.p50single - rows.a.p50single;
  return [
    {
      ok: rps('c') >= T.vsFloorRps && rps('d') >= T.vsFloorRps,
      text: `gateway req/s ÷ the floor's (f), ${versusFloor.compared.c} and ${versusFloor.compared.d} slices: ${fixed(rps('c'), 2)} without auth (c), ${fixed(rps('d'), 2)} with cached Basic (d) (target ≥ ${T.vsFloorRps})`,
    },
    {
      ok: cpu('c') <= T.vsFloorCpu && cpu('d') <= T.vsFloorCpu,
      text: `gateway CPU per request ÷ the floor's: ${fixed(cpu('c'), 2)} (c), ${fixed(cpu('d'), 2)} (d) (target ≤ ${T.vsFloorCpu})`,
    },
    {
      ok: overFloor('c') <= T.addedP50OverFloorMs && overFloor('d') <= T.addedP50OverFloorMs,
      text: `p50 at 1 connection over the floor's (which adds ${fixed(floorAdded, 3)} ms to the upstream's): ${signed(overFloor('c'), 3)} ms (c), ${signed(overFloor('d'), 3)} ms (d) (target ≤ +${T.addedP50OverFloorMs} ms)`,
    },
    {
      ok: cost('d') <= T.basicCost,
      text: `cached Basic auth, same process (d against p, ${auth.compared.d} slices): ${percent(cost('d'))} of CPU per request (target ≤ ${percent(T.basicCost)})`,
    },
    {
      ok: cost('e') <= T.jwtCost,
      text: `cached RS256 JWT, same process (e against p, ${auth.compared.e} slices): ${percent(cost('e'))} of CPU per request (target ≤ ${percent(T.jwtCost)})`,
    },
    {
      ok: rss <= T.rssMb,
      text: `peak RSS of the gateway with auth at ${connections} connections: ${fixed(rss, 0)} MB (target ≤ ${T.rssMb} MB at ${T.rssConnections})`,
    },
    { ok: errors === 0, text: `errors (status ≥ 400, socket errors, answers not from the upstream): ${errors} (target 0)` },
  ];
}

module.exports = { TARGETS, judge };
