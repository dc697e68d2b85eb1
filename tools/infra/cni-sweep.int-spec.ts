import { ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, Server, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/** Runs `iptables -t nat` with the arguments (its status tells whether it succeeded). */
const nat = (...args: string[]) => spawnSync('iptables', ['-t', 'nat', ...args], { encoding: 'utf8' });
const natRules = () => execFileSync('iptables', ['-t', 'nat', '-S'], { encoding: 'utf8' });
const comment = (id: string) => `dnat name: "podman" id: "${id}"`;

/** Whether a TCP connection to 127.0.0.1:port is accepted. */
function reachable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(3000, () => { socket.destroy(); resolve(false); });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

/**
 * The CNI state a container leaves when its engine dies with it running, built here in the same
 * shape (a lease, a port forward named by the container id), and what `sweep_dead_cni` does with it.
 */
describe('tools/infra/cni-sweep.sh', () => {
  const dead = randomBytes(32).toString('hex');
  const live = randomBytes(32).toString('hex');
  const starting = randomBytes(32).toString('hex');
  const chain = `CNI-DN-berth${randomBytes(4).toString('hex')}`;
  const leases = mkdtempSync(join(tmpdir(), 'berth-cni-'));
  let server: Server;
  let port = 0;
  let holder: ChildProcess;
  /** A lease as CNI writes it, last changed `ageS` seconds ago. */
  const lease = (ip: string, id: string, ageS = 120) => {
    writeFileSync(join(leases, ip), `${id}\r\neth0`);
    const at = new Date(Date.now() - ageS * 1000);
    utimesSync(join(leases, ip), at, at);
  };

  beforeAll(async () => {
    server = createServer((s) => s.end()).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    port = (server.address() as { port: number }).port;
    // The dead container's port forward: the server's port goes to a port nobody listens on.
    expect(nat('-N', chain).status).toBe(0);
    expect(nat('-A', chain, '-d', '127.0.0.1/32', '-p', 'tcp', '--dport', String(port), '-j', 'DNAT', '--to-destination', '127.0.0.1:1').status).toBe(0);
    expect(nat('-I', 'OUTPUT', '1', '-p', 'tcp', '-m', 'comment', '--comment', comment(dead), '-m', 'multiport', '--dports', String(port), '-j', chain).status).toBe(0);
    lease('10.88.255.250', dead);
    // A running container's: a process names its id (as conmon does), so it stays. (Two commands, so
    // that bash does not exec sleep in its place, which would drop the id from the command line.)
    holder = spawn('bash', ['-c', 'sleep 60; exit', live], { stdio: 'ignore' });
    expect(nat('-A', 'OUTPUT', '-p', 'tcp', '-m', 'comment', '--comment', comment(live), '--dport', '9', '-j', 'RETURN').status).toBe(0);
    lease('10.88.255.251', live);
    // A container being started (its lease fresh, no conmon yet) is left alone.
    lease('10.88.255.252', starting, 0);
  });

  afterAll(() => {
    holder?.kill();
    nat('-D', 'OUTPUT', '-p', 'tcp', '-m', 'comment', '--comment', comment(dead), '-m', 'multiport', '--dports', String(port), '-j', chain);
    nat('-F', chain);
    nat('-X', chain);
    nat('-D', 'OUTPUT', '-p', 'tcp', '-m', 'comment', '--comment', comment(live), '--dport', '9', '-j', 'RETURN');
    rmSync(leases, { recursive: true, force: true });
    server?.close();
  });

  it('removes a dead container\'s port forward and lease, so a local server on its port answers again; a live or starting one stays', async () => {
    expect(await reachable(port)).toBe(false);
    const script = 'set -euo pipefail; . tools/lib/common.sh; . tools/infra/cni-sweep.sh; sweep_dead_cni; echo swept >&2';
    const res = spawnSync('bash', ['-c', script], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, BERTH_CNI_LEASES: leases } });
    expect(res.status).toBe(0);
    expect(res.stderr).toContain('swept');
    expect(res.stderr).toContain(`removed the network left behind by container ${dead.slice(0, 12)} (10.88.255.250)`);
    expect(await reachable(port)).toBe(true);
    expect(existsSync(join(leases, '10.88.255.250'))).toBe(false);
    expect(nat('-S', chain).status).not.toBe(0);
    expect(natRules()).not.toContain(dead);
    expect(existsSync(join(leases, '10.88.255.251'))).toBe(true);
    expect(natRules()).toContain(live);
    expect(res.stderr).not.toContain(live.slice(0, 12));
    expect(existsSync(join(leases, '10.88.255.252'))).toBe(true);
    expect(res.stderr).not.toContain(starting.slice(0, 12));
  });
});
