// Small helpers shared by the benchmarks: percentiles, pacing, bounded concurrency, a table.

function summarize(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] };
}

/** The median of the values (the mean of the middle two for an even count). */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Calls `fn(i)` for i in [0, count) with at most `concurrency` calls in flight. */
async function parallel(count, concurrency, fn) {
  let next = 0;
  const worker = async () => { while (next < count) await fn(next++); };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** Starts `fn(i)` at `rate` calls per second, on schedule even when earlier calls are slow. */
async function paced(count, rate, fn) {
  const start = Date.now();
  const inFlight = [];
  for (let i = 0; i < count; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - Date.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(fn(i));
  }
  await Promise.all(inFlight);
}

/** A table's text: the first column left-aligned, the others right-aligned. */
function tableText(header, rows) {
  const all = [header, ...rows].map((r) => r.map(String));
  const widths = header.map((_, c) => Math.max(...all.map((r) => r[c].length)));
  return all.map((r) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('   ')).join('\n');
}

function printTable(header, rows) {
  console.log(tableText(header, rows));
}

module.exports = { median, summarize, parallel, paced, printTable, tableText };
