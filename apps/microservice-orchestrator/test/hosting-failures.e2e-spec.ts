import { admin, eventually, gw } from '@berth/testing';
import { containersOf, hostingHooks, kill, microservice, raw, statusOf, subscribeManagement } from './hosting-fixture';

hostingHooks();

type Stage = { stage: string; at: string; detail?: string };
const times = (stages: Stage[], name: string) => stages.filter((s) => s.stage === name).map((s) => Date.parse(s.at));

describe('hosted microservices: probes, restarts and failures, on the local engine', () => {
  it('runs the manifest\'s tcpSocket readiness and exec liveness probes, and restarts an instance failing an httpGet liveness probe', async () => {
    const healthy = await microservice({
      readinessProbe: { tcpSocket: { port: 80 }, periodSeconds: 1 },
      livenessProbe: { exec: { command: ['/hello', 'probe'] }, periodSeconds: 1, failureThreshold: 1 },
    });
    const failing = await microservice({ livenessProbe: { httpGet: { path: '/nosuch', port: 80 }, periodSeconds: 1, failureThreshold: 2 } });
    await subscribeManagement(healthy.id);
    await subscribeManagement(failing.id);

    expect((await eventually(() => raw(`/service/${healthy.name}/health`), (r) => r.status === 200, 60000)).status).toBe(200);
    const restarted = await eventually(() => statusOf(failing.id), (s) => s.restarts >= 1, 60000);
    expect(restarted.lastFailure.reason).toMatch(/liveness probe of .* failed 2 times in a row: GET \/nosuch answered 404/);
    expect(restarted.stages.map((s: Stage) => s.stage)).toContain('LivenessFailed');
    const steady = await statusOf(healthy.id);
    expect(steady).toMatchObject({ status: 'Up', restarts: 0 });
  }, 120000);

  it('restarts a killed container: the status goes Down, then Up again', async () => {
    const { id, name } = await microservice({});
    await subscribeManagement(id);
    expect((await eventually(() => statusOf(id), (s) => s.status === 'Up', 60000)).status).toBe('Up');
    const [before] = await containersOf(id);
    await kill(before.Id);

    const down = await eventually(() => statusOf(id), (s) => s.status === 'Down', 30000);
    expect(down).toMatchObject({ status: 'Down', restarts: 1, lastFailure: { reason: expect.stringMatching(/exited with code 137/) } });
    const up = await eventually(() => statusOf(id), (s) => s.status === 'Up', 60000);
    expect(up).toMatchObject({ status: 'Up', restarts: 1 });
    const after = await containersOf(id);
    expect(after.map((c) => [c.State, c.Id === before.Id])).toEqual([['running', false]]);
    expect((await raw(`/service/${name}/health`)).status).toBe(200);
  }, 150000);

  it('backs a crash-looping image off exponentially and shows it Down with the reason', async () => {
    const { id } = await microservice({}, { args: ['crash'] });
    await subscribeManagement(id);
    const looping = await eventually(() => statusOf(id), (s) => times(s.stages, 'ContainerStarted').length >= 4, 90000);
    expect(looping).toMatchObject({ status: 'Down', lastFailure: { reason: expect.stringMatching(/exited with code 3.*crashing on purpose/s) } });
    expect(looping.restarts).toBeGreaterThanOrEqual(3);
    const starts = times(looping.stages, 'ContainerStarted');
    // Each wait is at least the back-off of its restart: 1 s, 2 s, 4 s (BERTH_RESTART_BACKOFF_MS default).
    for (let n = 1; n < 4; n++) expect(starts[n] - starts[n - 1]).toBeGreaterThanOrEqual(1000 * 2 ** (n - 1));
    const waiting = await eventually(() => statusOf(id), (s) => !!s.nextRestartAt, 20000);
    expect(Date.parse(waiting.nextRestartAt)).toBeGreaterThan(Date.now() - 1000);

    // Each crashed instance's container is gone, and its output is still read under its ended name.
    const { endedInstances } = await statusOf(id);
    expect(endedInstances.length).toBeGreaterThanOrEqual(3);
    expect(endedInstances[0]).toMatchObject({ name: expect.any(String), endedAt: expect.any(String), reason: 'exited with code 3', exitCode: 3, version: '1.0.0' });
    const [newest] = endedInstances;
    const idStart = newest.name.slice(newest.name.lastIndexOf('.') + 1);
    expect((await containersOf(id)).filter((c) => c.Id.startsWith(idStart))).toEqual([]);
    const logs = await gw(`/application/applications/${id}/logs/${encodeURIComponent(newest.name)}`, { as: admin() });
    expect(logs.status).toBe(200);
    expect(logs.body).toMatchObject({ instanceName: newest.name, truncated: false, logs: expect.stringContaining('crashing on purpose') });
    const after = await gw(`/application/applications/${id}/logs/${encodeURIComponent(newest.name)}?dateFrom=${encodeURIComponent(new Date(Date.parse(newest.endedAt) + 60000).toISOString())}`, { as: admin() });
    expect(after.body).toMatchObject({ logs: '', truncated: false });
    expect((await gw(`/application/applications/${id}/logs/${encodeURIComponent(`${newest.name}0`)}`, { as: admin() })).status).toBe(404);
  }, 150000);

  it('ends Failed, with the reason, for an image.tar the engine cannot load, and does not retry it', async () => {
    const { id, name } = await microservice({}, { broken: true });
    await subscribeManagement(id);
    const failed = await eventually(() => statusOf(id), (s) => s.status === 'Failed', 60000);
    expect(failed).toMatchObject({ status: 'Failed', restarts: 0, lastFailure: { reason: expect.stringMatching(/^image\.tar of version 1\.0\.0 could not be loaded: /) } });
    expect(failed.stages.map((s: Stage) => s.stage)).toEqual(['Desired', 'Deploying', 'ImageLoading', 'Failed']);
    expect(await containersOf(id)).toEqual([]);
    const health = await eventually(() => raw(`/service/${name}/health`), (r) => r.status === 503, 10000);
    expect({ status: health.status, body: JSON.parse(health.text) }).toEqual({ status: 503, body: { status: 'DOWN' } });
  }, 90000);

  it('passes a running but unready service\'s own DOWN health answer through on /service/<name>/health; other paths answer the 503 error', async () => {
    const { id, name } = await microservice({}, { args: ['sick'] });
    await subscribeManagement(id);
    const details = { database: { status: 'DOWN', reason: 'connection refused' } };
    const health = await eventually(() => raw(`/service/${name}/health`), (r) => r.status === 503 && r.text.includes('connection refused'), { timeoutMs: 60000, what: 'the service\'s own health answer' });
    expect({ status: health.status, type: health.type, body: JSON.parse(health.text) }).toEqual({ status: 503, type: 'application/json', body: { status: 'DOWN', details } });
    const status = await statusOf(id);
    expect(status).toMatchObject({ status: 'Down', instances: [{ healthy: false, reason: expect.stringMatching(/^GET \/health answered 503: /) }] });
    const other = await gw(`/service/${name}/hello`, { as: admin() });
    expect(other.status).toBe(503);
    expect(other.body).toMatchObject({ error: expect.any(String), message: expect.stringMatching(/no healthy instance/) });
  }, 90000);
});
