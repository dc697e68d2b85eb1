// The gateway benchmark's upstream: a plain Node `http` server answering every request with a
// small JSON body (and `/health` with UP, as the gateway's health check expects of an app). Usage:
// node trivial-upstream.js <port>. Over IPC it reports how many requests it has answered, so the
// benchmark can check every response came from here, and it keeps the time of the alternating
// loads (alternation.js): `{ alternate: { pattern, sliceMs, loads } }` starts one, `'stop'` ends
// it and answers its slices.
const { createServer } = require('node:http');
const { readdirSync, readFileSync } = require('node:fs');

const port = Number(process.argv[2]);
const body = Buffer.from(JSON.stringify({ name: 'trivial', ok: true, items: [1, 2, 3] }));
const headers = { 'content-type': 'application/json', 'content-length': String(body.length) };
const health = Buffer.from(JSON.stringify({ status: 'UP' }));
let served = 0;
let alternation;

const server = createServer((req, res) => {
  served++;
  alternation?.count(req.headers['x-bench-kind']);
  req.resume();
  req.on('end', () => {
    if (req.url === '/health') return res.end(health);
    res.writeHead(200, headers);
    res.end(body);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(port, '127.0.0.1');

/** CPU time of every thread of process `pid` so far, in ns: the scheduler's own account, finer than /proc's clock ticks. */
function cpuNs(pid) {
  let sum = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try { sum += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'latin1').split(' ')[0]); } catch { /* the thread ended */ }
  }
  return sum;
}

const signal = (pid, name) => { try { process.kill(pid, name); } catch { /* it has ended */ } };

/**
 * Runs the load of one kind at a time: `loads` maps each kind to its wrk process (`wrk`) and the
 * process it loads (`target`); every `sliceMs` the wrk of the next kind of `pattern` goes on and
 * the others are stopped (SIGSTOP), and the slice that ends is kept: its kind, its length, the CPU
 * its kind's target spent in it, and how many requests of each kind (`x-bench-kind`) arrived here in it.
 */
function alternate({ pattern, sliceMs, loads }) {
  const kinds = Object.keys(loads);
  const counts = Object.fromEntries(kinds.map((k) => [k, 0]));
  const slices = [];
  let at = 0;
  const run = (kind) => { for (const k of kinds) signal(loads[k].wrk, k === kind ? 'SIGCONT' : 'SIGSTOP'); };
  const mark = () => ({ ns: process.hrtime.bigint(), cpuNs: cpuNs(loads[pattern[at]].target), counts: { ...counts } });
  run(pattern[at]);
  let start = mark();
  const end = () => {
    const now = mark();
    const arrived = Object.fromEntries(kinds.map((k) => [k, now.counts[k] - start.counts[k]]));
    slices.push({ kind: pattern[at], ns: Number(now.ns - start.ns), cpuNs: now.cpuNs - start.cpuNs, counts: arrived });
  };
  const timer = setInterval(() => {
    end();
    at = (at + 1) % pattern.length;
    run(pattern[at]);
    start = mark();
  }, sliceMs);
  return {
    count: (kind) => { if (kind in counts) counts[kind]++; },
    stop: () => {
      clearInterval(timer);
      end();
      for (const k of kinds) signal(loads[k].wrk, 'SIGCONT');
      return slices;
    },
  };
}

process.on('message', (msg) => {
  if (msg === 'count') process.send({ served });
  else if (msg === 'stop') {
    const slices = alternation.stop();
    alternation = undefined;
    process.send({ slices });
  } else if (msg.alternate) alternation = alternate(msg.alternate);
});
process.on('SIGTERM', () => process.exit(0));
process.on('SIGINT', () => process.exit(0));
