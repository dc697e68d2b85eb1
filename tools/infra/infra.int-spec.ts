import { execFileSync, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const INFRA = join(ROOT, 'tools', 'infra', 'infra');

describe('tools/infra', () => {
  it('reports every component UP while the test infra runs', () => {
    const out = execFileSync('bash', [INFRA, 'status'], { encoding: 'utf8' });
    expect(out).toMatch(/kafka\s+UP/);
    expect(out).toMatch(/(ferretdb|mongodb)\s+UP/);
    expect(out).toMatch(/redis\s+UP/);
    expect(out).toMatch(/podman\s+UP/);
  });

  it('exits non-zero and names the component that does not answer', () => {
    const res = spawnSync('bash', [INFRA, 'status'], { encoding: 'utf8', env: { ...process.env, BERTH_REDIS_PORT: '1' } });
    expect(res.status).toBe(1);
    expect(res.stdout).toMatch(/redis\s+DOWN/);
    expect(res.stdout).toMatch(/kafka\s+UP/);
  });

  it('acts on the components named after the command only, and refuses unknown ones', () => {
    const out = execFileSync('bash', [INFRA, 'status', 'redis', 'kafka'], { encoding: 'utf8' });
    expect(out.trim().split('\n').map((l) => l.split(/\s+/)[0])).toEqual(['redis', 'kafka']);
    const res = spawnSync('bash', [INFRA, 'down', 'zookeeper'], { encoding: 'utf8' });
    expect(res.status).toBe(2);
    expect(res.stderr).toContain('unknown component: zookeeper');
  });

  it('refuses a port held by another process, naming the component, the port and the variable', async () => {
    const server = createServer().listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const port = (server.address() as { port: number }).port;
    try {
      const script = `. tools/lib/common.sh; . tools/infra/process.sh; claim_port redis ${port} BERTH_REDIS_PORT`;
      const res = spawnSync('bash', ['-c', script], { cwd: ROOT, encoding: 'utf8' });
      expect(res.status).toBe(1);
      expect(res.stderr).toContain(`redis did not start: port ${port} is already taken`);
      expect(res.stderr).toContain('BERTH_REDIS_PORT');
    } finally {
      server.close();
    }
  });
});
