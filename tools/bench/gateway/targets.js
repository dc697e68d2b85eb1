// The gateway benchmark's targets (docs/benchmarks/gateway.md) and their verdicts from one run's
// measurements: rounds of the floor (f) and the gateway rows loaded alone, paired loads of (c) with
// another gateway row, and the rows' figures over the whole run.
const { median } = require('../stats');

const TARGETS = { vsFloorRps: 0.8, vsFloorCpu: 1.25, addedP50OverFloorMs: 0.05, basicCost: 0.05, jwtCost: 0.1, rssMb: 150, rssConnections: 50 };

/**
 * What an authentication costs within the authenticating process, by CPU per request: its path
 * (d or e) against its own public path (p), each taken relative to (c) loaded at the same moment, so
 * that the machine's drift between the pairs cancels out; the median over the paired rounds.
 */
function sameProcessCost(paired, kind) {
  const relative = ([base, row]) => row.cpuUsPerRequest / base.cpuUsPerRequest;
  return median(paired.map((pair) => 1 - relative(pair.publicPath) / relative(pair[kind])));
}

/** The median over the rounds of `of(round)`, a figure of rows loaded a few seconds apart. */
const perRound = (rounds, of) => median(rounds.map(of));

const fixed = (v, digits) => v.toFixed(digits);
const signed = (v, digits) => `${v >= 0 ? '+' : '−'}${Math.abs(v).toFixed(digits)}`;
const percent = (v) => `${(v * 100).toFixed(1)}%`;

/**
 * One verdict per target: `{ ok, text }`, `text` the measured value against its threshold.
 * `rows` maps a row's key to its figures over the run; `rounds` are `{ f, c, d, e, p }` loaded
 * alone in turn; `paired` are `{ basic: [c, d], publicPath: [c, p], jwt: [c, e] }`.
 */
function judge({ rows, rounds, paired, connections }) {
  const T = TARGETS;
  const rps = (key) => perRound(rounds, (r) => r[key].rps / r.f.rps);
  const cpu = (key) => perRound(rounds, (r) => r[key].cpuUsPerRequest / r.f.cpuUsPerRequest);
  const overFloor = (key) => perRound(rounds, (r) => r[key].p50single - r.f.p50single);
  const basic = sameProcessCost(paired, 'basic');
  const jwt = sameProcessCost(paired, 'jwt');
  const rss = Math.max(rows.d.rssMb, rows.e.rssMb, rows.p.rssMb);
  const errors = Object.values(rows).reduce((sum, r) => sum + r.errors, 0)
    + paired.reduce((sum, pair) => sum + [...pair.basic, ...pair.publicPath, ...pair.jwt].reduce((n, r) => n + r.errors, 0), 0);
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
