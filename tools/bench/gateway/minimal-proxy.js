// The floor of a Node proxy on this machine, for the gateway benchmark's reference rows: a plain
// `node:http` server that streams each request to the upstream through one keep-alive undici Pool
// (`Pool.stream`, as the gateway's hot path does) and copies the answer back, with nothing else: no
// routing, media types, auth, logs or metrics. Usage: node minimal-proxy.js <port> <upstream
// origin> [workers]. With workers > 1 it runs that many processes under node:cluster (the primary
// only forks and waits), sharing the listening socket as the gateway would with cluster workers.
const cluster = require('node:cluster');
const { createServer } = require('node:http');
const { Pool } = require('undici');

const [port, upstream, workers = '1'] = process.argv.slice(2);
// Hop-by-hop headers (RFC 9110, 7.6.1) are not forwarded, either way.
const HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);
const endToEnd = (headers) => {
  const out = {};
  for (const name in headers) if (!HOP.has(name)) out[name] = headers[name];
  return out;
};

function serve() {
  const pool = new Pool(upstream, { connections: 64, pipelining: 1, keepAliveTimeout: 30_000 });
  const server = createServer((req, res) => {
    const bodyless = req.method === 'GET' || req.method === 'HEAD';
    pool.stream(
      { path: req.url, method: req.method, headers: endToEnd(req.headers), body: bodyless ? null : req, opaque: res },
      ({ statusCode, headers, opaque }) => { opaque.writeHead(statusCode, endToEnd(headers)); return opaque; },
      (err) => { if (err && !res.headersSent) { res.statusCode = 502; res.end(); } else if (err) res.destroy(err); },
    );
  });
  server.keepAliveTimeout = 60_000;
  server.listen(Number(port), '127.0.0.1');
}

if (Number(workers) > 1 && cluster.isPrimary) {
  for (let i = 0; i < Number(workers); i++) cluster.fork();
  const stop = () => { for (const w of Object.values(cluster.workers)) w.kill('SIGTERM'); process.exit(0); };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
} else {
  serve();
  process.on('SIGTERM', () => process.exit(0));
  process.on('SIGINT', () => process.exit(0));
}
