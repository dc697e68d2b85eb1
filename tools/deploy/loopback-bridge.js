// Run inside a container's network namespace (nsenter -n) by the deploy smoke test: makes the
// host's loopback-only services answer on the container's own 127.0.0.1, through unix sockets in
// a folder both sides see. Usage: node loopback-bridge.js <socket-dir> <port>...
// Listens on 127.0.0.1:<port> for each port and passes every connection to <socket-dir>/<port>.sock
// (the host side connects those to the host's 127.0.0.1:<port>); prints "ready" once all listen.
const net = require('node:net');
const { join } = require('node:path');

/** Pipes `a` and `b` into each other; either one ending or failing ends both. */
function splice(a, b) {
  a.pipe(b).on('error', () => a.destroy());
  b.pipe(a).on('error', () => b.destroy());
  a.on('error', () => b.destroy()).on('close', () => b.destroy());
  b.on('error', () => a.destroy()).on('close', () => a.destroy());
}

module.exports = { splice };

if (require.main === module) {
  const [dir, ...ports] = process.argv.slice(2);
  if (!dir || ports.length === 0) { console.error('usage: node loopback-bridge.js <socket-dir> <port>...'); process.exit(2); }
  Promise.all(ports.map((port) => new Promise((resolve, reject) => {
    const server = net.createServer((client) => splice(client, net.connect(join(dir, `${port}.sock`))));
    server.once('error', reject).listen(Number(port), '127.0.0.1', resolve);
  }))).then(() => console.log('ready'), (err) => { console.error(err.message); process.exit(1); });
}
