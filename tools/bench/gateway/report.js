// The gateway benchmark's result: one Markdown table (as docs/benchmarks/gateway.md shows it), then
// one line per target with PASS or FAIL (targets.js).
const { judge } = require('./targets');

/** The table's rows, in the order shown. */
const ROW_ORDER = ['a', 'b', 'f', 'g', 'c', 'd', 'e', 'p'];

function markdown(header, rows) {
  const all = [header, ...rows].map((r) => r.map(String));
  const widths = header.map((_, c) => Math.max(3, ...all.map((r) => r[c].length)));
  const line = (r) => `| ${r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join(' | ')} |`;
  return [line(all[0]), `|${widths.map((w, c) => (c === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`, ...all.slice(1).map(line)];
}

/**
 * The lines to print: the table of `rows` (key → figures over the run), a line saying how to read
 * it, then the verdicts. `o` carries the options and the rounds the verdicts use.
 */
function report(rows, o) {
  const table = markdown(
    ['row', 'req/s', 'p50 (ms)', 'p99 (ms)', 'p50 @1 (ms)', 'CPU/req (µs)', 'peak RSS (MB)'],
    ROW_ORDER.map((key) => rows[key]).map((r) => [
      r.label, r.rps.toFixed(0), r.p50.toFixed(2), r.p99.toFixed(2), r.p50single.toFixed(3), r.cpuUsPerRequest.toFixed(0), r.rssMb.toFixed(0),
    ]),
  );
  const verdicts = judge({ rows, rounds: o.rounds, versusFloor: o.versusFloor, auth: o.auth, connections: o.connections });
  return [
    ...table,
    `${o.connections} connections (p50 @1: one), ${o.cycles} loads of ${o.seconds} s per row and round; f, c, d, e, p: medians of ${o.rounds.length} rounds, their loads taking turns; verdicts on cost: slices of ${o.sliceMs} ms of loads run one at a time (f c f d, then p d p e, ${o.alternateSeconds} s each), against the slices around them; on p50 @1: the ${o.rounds.length * o.cycles} cycles' loads against the floor's; CPU and RSS of the row's server processes; (b) for reference, no target.`,
    '',
    ...verdicts.map((v) => `${v.ok ? 'PASS' : 'FAIL'}  ${v.text}`),
  ];
}

module.exports = { report, ROW_ORDER };
