import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { eventually } from '@berth/testing';

const dist = (app: string) => join(__dirname, '..', '..', '..', 'dist', 'apps', app, 'src', 'main.js');

function run(app: string, env: Record<string, string>) {
  const child = spawn(process.execPath, [dist(app)], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('app bootstrap', () => {
  it('refuses to start on invalid config, naming every bad variable', async () => {
    const app = run('application-registry', { PORT: 'eighty', MONGODB_URI: 'postgres://nope' });
    expect(await app.exited).toBe(1);
    expect(app.output()).toMatch(/PORT/);
    expect(app.output()).toMatch(/MONGODB_URI: must be a mongodb:\/\/ URI/);
  });

  it('the gateway exits 1, saying why, when its metrics port is taken', async () => {
    const taken = createServer().listen(0, '127.0.0.1');
    await new Promise((r) => taken.once('listening', r));
    const port = Number(process.env.BERTH_TEST_PORT_BASE || 18100) + 52;
    const gateway = run('gateway', {
      BERTH_PORT: String(port), BERTH_METRICS_PORT: String((taken.address() as AddressInfo).port),
      BERTH_INTERNAL_KEY: randomBytes(32).toString('base64url'),
    });
    try {
      expect(await gateway.exited).toBe(1);
      expect(gateway.output()).toContain('the metrics port cannot be bound');
    } finally {
      gateway.child.kill('SIGKILL');
      taken.close();
    }
  });

  it('on SIGTERM finishes the request in flight, then exits 0; every log line is JSON', async () => {
    let received!: () => void;
    const arrived = new Promise<void>((r) => (received = r));
    const slow = createServer((_req: IncomingMessage, res: ServerResponse) => {
      received();
      setTimeout(() => res.end('slow answer'), 1000);
    }).listen(0, '127.0.0.1');
    await new Promise((r) => slow.once('listening', r));
    const port = Number(process.env.BERTH_TEST_PORT_BASE || 18100) + 50;
    // `/tenant/loginOptions` needs no authentication, so the slow server can stand in for tenant-options.
    const gateway = run('gateway', {
      BERTH_PORT: String(port), BERTH_METRICS_PORT: String(port + 1), BERTH_INTERNAL_KEY: randomBytes(32).toString('base64url'),
      TENANT_OPTIONS_URL: `http://127.0.0.1:${(slow.address() as AddressInfo).port}`,
    });
    try {
      await eventually(() => gateway.output(), (out) => out.includes('gateway ready'), { timeoutMs: 30000, intervalMs: 50, what: 'the gateway says it is ready' });
      const inFlight = fetch(`http://127.0.0.1:${port}/tenant/loginOptions`);
      await arrived;
      gateway.child.kill('SIGTERM');
      const res = await inFlight;
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('slow answer');
      expect(await gateway.exited).toBe(0);
      const lines = gateway.output().split('\n').filter((l) => l.trim());
      expect(lines.length).toBeGreaterThan(3);
      for (const line of lines) expect(JSON.parse(line)).toMatchObject({ app: 'gateway', level: expect.any(String) });
    } finally {
      gateway.child.kill('SIGKILL');
      slow.close();
    }
  });
});
