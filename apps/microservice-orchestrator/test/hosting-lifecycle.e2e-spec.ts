import { admin, engine, eventually, gw, killAndRestartApp } from '@berth/testing';
import { containersOf, hostingHooks, microservice, raw, runnableDeployJobs, statusOf, subscribeManagement, uploadVersion } from './hosting-fixture';

hostingHooks();

/** Whether the engine the orchestrator uses holds the image of binary `binaryId`. */
async function hasImage(binaryId: string): Promise<boolean> {
  try {
    await engine()!.getImage(`localhost/berth-binary:${binaryId}`).inspect();
    return true;
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 404) return false;
    throw err;
  }
}

const running = async (id: string) => (await containersOf(id)).filter((c) => c.State === 'running');

describe('hosted microservices: versions and orchestrator restarts, on the local engine', () => {
  it('redeploys an older version when it is activated again', async () => {
    const { id, name } = await microservice({}, {}, '1.0.0');
    expect(await uploadVersion(id, name, '2.0.0')).toBe(201);
    await subscribeManagement(id);
    const v2 = await eventually(() => statusOf(id), (s) => s.status === 'Up', 90000);
    expect(v2).toMatchObject({ status: 'Up', version: '2.0.0' });
    expect((await running(id)).map((c) => c.Labels['io.berth.version'])).toEqual(['2.0.0']);

    const activated = await gw(`/application/applications/${id}/versions/1.0.0/activate`, { method: 'POST', as: admin() });
    expect(activated.status).toBeLessThan(300);
    const v1 = await eventually(() => statusOf(id), (s) => s.status === 'Up' && s.version === '1.0.0', 90000);
    expect(v1).toMatchObject({ status: 'Up', version: '1.0.0' });
    expect((await eventually(() => containersOf(id), (c) => c.length === 1 && c[0].Labels['io.berth.version'] === '1.0.0', 30000))
      .map((c) => [c.State, c.Labels['io.berth.version']])).toEqual([['running', '1.0.0']]);
    expect((await eventually(() => raw(`/service/${name}/health`), (r) => r.status === 200, 15000)).status).toBe(200);

    // Both versions' images stay while the application exists; deleted, neither its containers nor its images are left.
    const binaries = ((await gw(`/application/applications/${id}`, { as: admin() })).body.applicationVersions as Array<{ binaryId: string }>).map((v) => v.binaryId);
    expect(binaries).toHaveLength(2);
    expect(await Promise.all(binaries.map(hasImage))).toEqual([true, true]);
    expect((await gw(`/application/applications/${id}`, { method: 'DELETE', as: admin() })).status).toBe(204);
    await eventually(() => containersOf(id), (c) => c.length === 0, { timeoutMs: 30000, what: 'the containers of the deleted application are gone' });
    await eventually(() => Promise.all(binaries.map(hasImage)), (found) => found.every((f) => !f), { timeoutMs: 30000, what: 'the images of the deleted application are gone' });
  }, 260000);

  it('ends in exactly one running deployment when the orchestrator is killed mid-deploy', async () => {
    const { id, name } = await microservice({ readinessProbe: { httpGet: { path: '/health', port: 80 }, initialDelaySeconds: 2 } }, { args: ['slow'] });
    await subscribeManagement(id);
    const deploying = await eventually(() => statusOf(id), (s) => s.status !== 'Up' && (s.stages ?? []).some((x: { stage: string }) => x.stage === 'Deploying'), {
      timeoutMs: 60000, what: 'the deployment is under way',
    });
    expect(deploying.status).not.toBe('Up');
    await killAndRestartApp('microservice-orchestrator');

    const up = await eventually(() => statusOf(id), (s) => s.status === 'Up', 120000);
    expect(up).toMatchObject({ status: 'Up', instances: [{ healthy: true }] });
    expect((await eventually(() => raw(`/service/${name}/health`), (r) => r.status === 200, 15000)).status).toBe(200);
    // The killed orchestrator's job is taken up again by the stalled-job check or ends; once no deploy job
    // can run any more, nothing can start another container: still one.
    await eventually(runnableDeployJobs, (counts) => Object.values(counts).every((n) => n === 0), { timeoutMs: 60000, what: 'no deploy job left to run' });
    expect((await containersOf(id)).map((c) => c.State)).toEqual(['running']);
    expect((await statusOf(id)).instances).toHaveLength(1);
  }, 200000);
});
