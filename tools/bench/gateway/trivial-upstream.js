// The gateway benchmark's upstream: a plain Node `http` server answering every request with a
// small JSON body (and `/health` with UP, as the gateway's health check expects of an app). Usage:
// node trivial-upstream.js <port>. Over IPC it reports how many requests it has answered, so the
// benchmark can check every response came from here, and it keeps the time of the alternating
// load (alternation.js): `{ alternate: { kinds, sliceMs, pid } }` starts it, `'stop'` ends it
// and answers the slices.
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
    res.writeHead(200, alternation ? { ...headers, 'x-bench-next': alternation.kind() } : headers);
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

/**
 * Every `sliceMs`, the next of `kinds` becomes the kind the client is told to send (each answer's
 * `x-bench-next`), and the slice that ends is kept: the kind it was for, the CPU that process
 * `pid` spent in it and how many requests of each kind arrived here in it.
 */
function alternate({ kinds, sliceMs, pid }) {
  const counts = Object.fromEntries(kinds.map((k) => [k, 0]));
  const slices = [];
  let at = 0;
  let last = { cpuNs: cpuNs(pid), counts: { ...counts } };
  const end = () => {
    const now = { cpuNs: cpuNs(pid), counts: { ...counts } };
    const arrived = Object.fromEntries(kinds.map((k) => [k, now.counts[k] - last.counts[k]]));
    slices.push({ kind: kinds[at], cpuNs: now.cpuNs - last.cpuNs, counts: arrived });
    last = now;
  };
  const timer = setInterval(() => {
    end();
    at = (at + 1) % kinds.length;
  }, sliceMs);
  return {
    count: (kind) => { if (kind in counts) counts[kind]++; },
    kind: () => kinds[at],
    stop: () => { clearInterval(timer); end(); return slices; },
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
