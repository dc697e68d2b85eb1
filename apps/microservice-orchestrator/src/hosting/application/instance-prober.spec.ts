import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '@berth/config';
import { orchestratorConfigSchema } from '../../config/microservice-orchestrator.env';
import type { DeploymentDocument } from '../domain/deployment';
import { probesOf } from '../domain/probes';
import { InstanceProber } from './instance-prober';
import type { ObservedInstance, RuntimeDriver } from './ports/runtime-driver';

const config = loadConfig(orchestratorConfigSchema, { BERTH_INTERNAL_KEY: 'k'.repeat(32), BERTH_CONTAINER_HOST: '127.0.0.1' });
// Probes of a manifest: readiness GET /health on 80, liveness an exec command.
const deployment = { instances: [], probes: probesOf({ livenessProbe: { exec: { command: ['true'] }, failureThreshold: 1 } }) } as unknown as DeploymentDocument;
const DOWN = '{"status":"DOWN","details":{"db":{"status":"DOWN","reason":"no connection"}}}';
const instance = (extra: Partial<ObservedInstance>): ObservedInstance => ({ id: 'i1', name: 'i1', deploymentId: 'd1', revision: 'r1', slot: 0, running: true, state: 'running', ports: {}, ...extra });

describe('InstanceProber', () => {
  let server: Server;
  let port: number;
  const execs: string[] = [];
  // Runs only what the prober asks of the runtime itself: exec probes.
  const driver = { exec: async (id: string) => { execs.push(id); return 1; } } as unknown as RuntimeDriver;

  beforeAll(async () => {
    server = createServer((req, res) => (req.url === '/down' ? res.writeHead(503).end(DOWN) : res.end('{"status":"UP"}')));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => { execs.length = 0; });

  it('probes an instance on BERTH_CONTAINER_HOST at its published port, and runs exec probes through the runtime', async () => {
    const outcome = await new InstanceProber(driver, config).probe(deployment, instance({ ports: { 80: port } }), Date.now());
    expect(outcome.instance).toMatchObject({ healthy: true, endpoint: `http://127.0.0.1:${port}` });
    expect(execs).toEqual(['i1']);
    expect(outcome.livenessFailure).toMatch(/liveness probe of i1 failed 1 times/);
  });

  it('takes the readiness of an instance its runtime probes, at the runtime\'s host, and probes nothing itself', async () => {
    const prober = new InstanceProber(driver, config);
    // The host does not resolve: a probe of the orchestrator's own could only fail.
    const ready = await prober.probe(deployment, instance({ ports: { 80: 80 }, host: 'berth-hello.berth-hosted.invalid', ready: true }), Date.now());
    expect(ready).toEqual({ instance: expect.objectContaining({ healthy: true, failures: 0, endpoint: 'http://berth-hello.berth-hosted.invalid:80' }) });
    const unready = await prober.probe(deployment, instance({ host: 'berth-hello.berth-hosted.invalid', ready: false }), Date.now());
    expect(unready).toEqual({ instance: expect.objectContaining({ healthy: false, failures: 1 }) });
    expect(unready.instance.endpoint).toBeUndefined();
    expect(execs).toEqual([]);
  });

  it('keeps the answer of a failing readiness probe as the reason of an instance not healthy, and drops it once it passes', async () => {
    const prober = new InstanceProber(driver, config);
    const down = { instances: [], probes: probesOf({ readinessProbe: { httpGet: { path: '/down', port: 80 } } }) } as unknown as DeploymentDocument;
    const failing = await prober.probe(down, instance({ id: 'i2', ports: { 80: port } }), Date.now());
    expect(failing.instance).toMatchObject({ healthy: false, failures: 1, reason: `GET /down answered 503: ${DOWN}` });
    const passing = await prober.probe(deployment, instance({ id: 'i2', ports: { 80: port } }), Date.now());
    expect(passing.instance.healthy).toBe(true);
    expect(passing.instance.reason).toBeUndefined();
  });
});
