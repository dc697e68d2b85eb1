// The processes a benchmark starts: each in its own process group (so nginx's worker goes with its
// master), logging to its own file, stopped by group id on success, failure, SIGINT or SIGTERM.
const { execFileSync, spawn, spawnSync } = require('node:child_process');
const { availableParallelism } = require('node:os');
const { openSync, closeSync, readdirSync, readFileSync } = require('node:fs');
const { connect } = require('node:net');
const { join } = require('node:path');
const APPS = require('../../stack/apps.json');

const started = new Set();
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** True when processes can be placed on cores of their own: two cores or more, and Linux's `taskset`. */
const canPin = availableParallelism() >= 2 && spawnSync('taskset', ['-V']).status === 0;

/** Keeps this process's threads, and the processes it starts without `cores`, on `cores` (e.g. `1`); nothing when it cannot pin. */
function pinHere(cores) {
  if (canPin) execFileSync('taskset', ['-apc', cores, String(process.pid)], { stdio: 'ignore' });
}

/** Starts `command` in a process group of its own, logging to `logFile`; on `cores` (e.g. `0`, `0-1`) when it can pin. */
function start(name, command, args, { env, logFile, ipc = false, append = false, cores }) {
  const fd = openSync(logFile, append ? 'a' : 'w');
  const [file, argv] = cores && canPin ? ['taskset', ['-c', cores, command, ...args]] : [command, args];
  const child = spawn(file, argv, { env, detached: true, stdio: ['ignore', fd, fd, ...(ipc ? ['ipc'] : [])] });
  closeSync(fd);
  const proc = { name, child, pid: child.pid, logFile, exited: false };
  child.once('exit', () => { proc.exited = true; });
  started.add(proc);
  return proc;
}

const signalGroup = (proc, signal) => { try { process.kill(-proc.pid, signal); } catch { /* already gone */ } };

/** SIGTERM to the process group, SIGKILL after `graceMs`; resolves once the leader has exited. */
async function stop(proc, graceMs = 8000) {
  started.delete(proc);
  if (!proc.exited) {
    const exited = new Promise((resolve) => proc.child.once('exit', resolve));
    signalGroup(proc, 'SIGTERM');
    const timer = setTimeout(() => signalGroup(proc, 'SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  }
  signalGroup(proc, 'SIGKILL'); // whatever is left of the group (e.g. an orphaned worker)
}

const stopAll = () => Promise.all([...started].map((p) => stop(p)));

/** Last resort on process exit: nothing may outlive the benchmark. */
process.on('exit', () => { for (const p of started) signalGroup(p, 'SIGKILL'); });

/** Polls `url` until `accept(status, body)`; throws when the process exits or `timeoutMs` passes. */
async function waitHttp(proc, url, timeoutMs, accept = (status) => status === 200) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (proc.exited) throw new Error(`${proc.name} exited during start-up; see ${proc.logFile}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
      const body = await res.text();
      if (accept(res.status, body)) return;
      last = `${res.status} ${body.slice(0, 200)}`;
    } catch (err) {
      last = err.cause?.code || err.message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${proc.name} not ready within ${timeoutMs} ms at ${url} (${last}); see ${proc.logFile}`);
}

/** Throws when anything already listens on one of `ports` (a stale process would falsify the figures). */
async function assertPortsFree(ports) {
  const busy = await Promise.all(ports.map((port) => new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => { socket.destroy(); resolve(port); });
    socket.once('error', () => resolve(undefined));
  })));
  const taken = busy.filter(Boolean);
  if (taken.length) throw new Error(`ports already in use: ${taken.join(', ')} (choose others with --port-base)`);
}

/** The `/proc/<pid>/stat` fields (after the command name) of every live process in `proc`'s process group. */
function groupStats(proc) {
  const stats = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try { stat = readFileSync(`/proc/${entry}/stat`, 'utf8'); } catch { continue; }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === proc.pid) stats.push({ pid: Number(entry), fields });
  }
  return stats;
}

/** CPU time (ms) in user and kernel mode of every live process in `proc`'s process group. */
function groupCpuMs(proc) {
  let user = 0;
  let system = 0;
  for (const { fields } of groupStats(proc)) {
    user += Number(fields[11]);
    system += Number(fields[12]);
  }
  return { user: (user * 1000) / TICKS_PER_SECOND, system: (system * 1000) / TICKS_PER_SECOND };
}

/** The peak resident set sizes (VmHWM) of the live processes in `proc`'s process group, summed, in MB. */
function groupPeakRssMb(proc) {
  return groupStats(proc).reduce((sum, { pid }) => {
    try { return sum + rssMb({ pid }); } catch { return sum; }
  }, 0);
}

/** Resident set size of a process in MB: its peak (VmHWM) or, with `now`, the current one (VmRSS). */
function rssMb(proc, now = false) {
  const match = new RegExp(`${now ? 'VmRSS' : 'VmHWM'}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${proc.pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

/** node's arguments to run a built app: its Node flags from the app table (tools/stack/apps.json), `extra` flags, its entry point. */
function appArgs(root, app, extra = []) {
  const { nodeFlags = [] } = APPS.find((a) => a.name === app);
  return [...nodeFlags, ...extra, join(root, 'dist', 'apps', app, 'src', 'main.js')];
}

module.exports = { appArgs, canPin, pinHere, start, stop, stopAll, waitHttp, assertPortsFree, groupCpuMs, groupPeakRssMb, rssMb };
