// Runs wrk (Debian's package) as a separate process and parses its `--latency` report.
const { execFile } = require('node:child_process');

const running = new Set();
const UNIT_MS = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

function toMs(text) {
  const m = /^([\d.]+)(us|ms|s|m|h)$/.exec(text);
  if (!m) throw new Error(`unreadable wrk duration "${text}"`);
  return Number(m[1]) * UNIT_MS[m[2]];
}

/**
 * Parses wrk's report. Errors are responses with a status ≥ 400 (wrk's "Non-2xx or 3xx
 * responses" line) plus socket errors (connect, read, write, timeout).
 */
function parseWrk(out) {
  const num = (re) => { const m = re.exec(out); return m ? Number(m[1]) : 0; };
  const pct = (p) => { const m = new RegExp(`^\\s*${p}%\\s+(\\S+)`, 'm').exec(out); if (!m) throw new Error(`no ${p}% latency in wrk output:\n${out}`); return toMs(m[1]); };
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(out);
  if (!rps) throw new Error(`no Requests/sec in wrk output:\n${out}`);
  const sock = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const socketErrors = sock ? sock.slice(1).reduce((s, n) => s + Number(n), 0) : 0;
  return {
    rps: Number(rps[1]),
    requests: num(/(\d+) requests in/),
    p50: pct(50), p99: pct(99),
    non2xx: num(/Non-2xx or 3xx responses:\s+(\d+)/),
    socketErrors,
  };
}

/** One wrk run against `url`; resolves with the parsed report. `onSpawn` gets the wrk process as it starts. */
function runWrk({ url, connections, threads, seconds, headers = {}, onSpawn }) {
  const args = [`-t${Math.min(threads, connections)}`, `-c${connections}`, `-d${seconds}s`, '--latency', '--timeout', '5s'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = execFile('wrk', args, { timeout: (seconds + 30) * 1000 }, (err, stdout, stderr) => {
      running.delete(child);
      if (err) return reject(new Error(`wrk failed: ${err.message}\n${stderr}`));
      try { resolve(parseWrk(stdout)); } catch (e) { reject(e); }
    });
    running.add(child);
    onSpawn?.(child);
  });
}

/** Stops wrk runs still going (on SIGINT or a failure). */
function killWrk() { for (const child of running) child.kill('SIGKILL'); }

module.exports = { runWrk, parseWrk, killWrk };
