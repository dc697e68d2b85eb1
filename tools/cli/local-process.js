// The local process of `berth microservice run --local` (docs/cli.md#run): a free port, the wait until
// the service accepts connections, and the child that stops with the CLI.
const { spawn } = require('node:child_process');
const { createConnection, createServer } = require('node:net');
const { constants } = require('node:os');

/** A TCP port free on this machine now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject).listen(0, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const accepts = (port) => new Promise((resolve) => {
  const socket = createConnection({ host: 'localhost', port });
  socket.once('connect', () => { socket.destroy(); resolve(true); }).once('error', () => resolve(false));
});

/**
 * Runs `node <args>` with `env`, its output on the CLI's own, until it exits. SIGINT and SIGTERM to
 * the CLI are passed on to it (it runs in a process group of its own, so that Ctrl-C reaches it once)
 * and the CLI waits for its end. `onListening` is called once the child accepts connections on `port`.
 * @returns the child's exit code (128 + the signal's number when a signal ended it).
 */
function runChild(args, { env, cwd, port, onListening }) {
  const child = spawn(process.execPath, args, { env, cwd, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
  const forward = (signal) => child.kill(signal);
  const orphan = () => child.kill('SIGKILL');
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, forward);
  process.on('exit', orphan);
  let exited = false;
  const done = new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      exited = true;
      for (const s of ['SIGINT', 'SIGTERM']) process.off(s, forward);
      process.off('exit', orphan);
      resolve(code ?? 128 + (constants.signals[signal] ?? 0));
    });
  });
  void (async () => {
    while (!exited) {
      if (await accepts(port)) return onListening(child.pid);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return done;
}

module.exports = { freePort, runChild };
