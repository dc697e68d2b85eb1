// The gateway benchmark's upstream: a plain Node `http` server answering every request with a
// small JSON body (and `/health` with UP, as the gateway's health check expects of an app). Usage: node trivial-upstream.js <port>. It reports how many requests it has
// answered when its parent asks over IPC, so the benchmark can check every response came from here.
const { createServer } = require('node:http');

const port = Number(process.argv[2]);
const body = Buffer.from(JSON.stringify({ name: 'trivial', ok: true, items: [1, 2, 3] }));
const headers = { 'content-type': 'application/json', 'content-length': String(body.length) };
const health = Buffer.from(JSON.stringify({ status: 'UP' }));
let served = 0;

const server = createServer((req, res) => {
  served++;
  req.resume();
  req.on('end', () => {
    if (req.url === '/health') return res.end(health);
    res.writeHead(200, headers);
    res.end(body);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(port, '127.0.0.1');

process.on('message', (msg) => {
  if (msg === 'count') process.send({ served });
});
process.on('SIGTERM', () => process.exit(0));
process.on('SIGINT', () => process.exit(0));
