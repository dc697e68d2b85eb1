import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { applicationStatus } from '../src/hosting/domain/application-status';
import type { DeploymentSpec } from '../src/hosting/domain/deployment';
import { probesOf } from '../src/hosting/domain/probes';
import type { EndedInstance } from '../src/hosting/domain/ended-instance';
import { EndedInstancesStore } from '../src/hosting/infrastructure/ended-instances.store';
import { HostingStore } from '../src/hosting/infrastructure/hosting.store';

/** The deployments the store keeps across a change of version, on the real store. */
describe('HostingStore.replaceDeployments', () => {
  let connection: mongoose.Connection;
  let store: HostingStore;
  const spec = (version: string): DeploymentSpec => ({
    _id: 'app1', applicationId: 'app1', name: 'hello', ownerTenant: 'management', isolation: 'MULTI_TENANT', version, binaryId: `b-${version}`,
    replicas: 1, resources: { cpu: '0.5', memory: '512M' }, probes: probesOf({}), tenants: ['management'], revision: `rev-${version}`,
  });

  beforeAll(async () => {
    connection = await mongoose.createConnection(process.env.MONGODB_URI!, { dbName: `hs${randomBytes(4).toString('hex')}_orchestrator` }).asPromise();
    store = new HostingStore(connection);
  });

  afterAll(async () => {
    await connection.dropDatabase();
    await connection.close();
  });

  it('keeps a serving version outgoing while the next one starts, gives it its instances back when its spec returns, and drops a version serving nothing', async () => {
    const startedAt = new Date().toISOString();
    const healthy = (id: string) => ({ id, name: `hello-${id}`, healthy: true, failures: 0, startedAt });
    await store.replaceDeployments('app1', [spec('2.0.0')]);
    const v2 = (await store.deployment('app1'))!;
    await store.record(v2, { instances: [healthy('c2')] }, 'Healthy');
    expect(applicationStatus('app1', [(await store.deployment('app1'))!])).toMatchObject({ status: 'Up', version: '2.0.0' });

    await store.replaceDeployments('app1', [spec('1.0.0')]);
    const v1 = (await store.deployment('app1'))!;
    expect(v1).toMatchObject({ revision: 'rev-1.0.0', instances: [], outgoing: { revision: 'rev-2.0.0', version: '2.0.0', instances: [healthy('c2')] } });
    expect(v1.stages.map((s) => [s.stage, s.detail])).toEqual([['Desired', 'version 2.0.0'], ['Healthy', undefined], ['Desired', 'version 1.0.0; 2.0.0 serves until it is ready']]);
    // Callers are served by 2.0.0 until 1.0.0 is ready.
    expect(applicationStatus('app1', [v1])).toMatchObject({ status: 'Up', version: '2.0.0', rollout: { from: '2.0.0', to: '1.0.0' } });

    // Fields given as undefined are removed.
    await store.record(v1, { retryAt: new Date().toISOString() });
    await store.record(v1, { retryAt: undefined });
    expect((await store.deployment('app1'))!.retryAt).toBeUndefined();

    await store.replaceDeployments('app1', [spec('2.0.0')]);
    const back = (await store.deployment('app1'))!;
    expect(back).toMatchObject({ revision: 'rev-2.0.0', instances: [healthy('c2')] });
    expect(back.outgoing).toBeUndefined();

    await store.record(back, { instances: [{ ...healthy('c2'), healthy: false }] });
    await store.replaceDeployments('app1', [spec('3.0.0')]);
    const v3 = (await store.deployment('app1'))!;
    expect(v3).toMatchObject({ revision: 'rev-3.0.0', instances: [] });
    expect(v3.outgoing).toBeUndefined();
    expect(applicationStatus('app1', [v3])).toMatchObject({ status: 'Down', version: '3.0.0' });
  });
});

/** The bound on the ended instances kept per application, on the real store. */
describe('EndedInstancesStore', () => {
  let connection: mongoose.Connection;
  let ended: EndedInstancesStore;
  const instance = (applicationId: string, n: number): EndedInstance => ({
    _id: `${applicationId}/hello-0.c${n}`, name: `hello-0.c${n}`, applicationId, deploymentId: applicationId,
    endedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(), reason: 'exited with code 3', exitCode: 3,
    lines: [{ at: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(), stream: 'stderr', text: `crash ${n}` }], cut: false,
  });

  beforeAll(async () => {
    connection = await mongoose.createConnection(process.env.MONGODB_URI!, { dbName: `ei${randomBytes(4).toString('hex')}_orchestrator` }).asPromise();
    ended = new EndedInstancesStore(connection);
    await ended.onModuleInit();
  });

  afterAll(async () => {
    await connection.dropDatabase();
    await connection.close();
  });

  it('keeps the newest instances of each application up to the bound, lists them newest first without their output, and forgets a deleted application\'s', async () => {
    for (const n of [1, 2, 3, 4, 5]) await ended.keep(instance('app1', n), 3);
    await ended.keep(instance('app2', 9), 3);
    const listed = await ended.list('app1', ['app1']);
    expect(listed.map((e) => e.name)).toEqual(['hello-0.c5', 'hello-0.c4', 'hello-0.c3']);
    expect(listed[0]).not.toHaveProperty('lines');
    expect((await ended.find('app1', 'hello-0.c4', ['app1']))?.lines).toEqual(instance('app1', 4).lines);
    expect(await ended.find('app1', 'hello-0.c1', ['app1'])).toBeNull();
    expect(await ended.find('app1', 'hello-0.c4', ['app1/t2'])).toBeNull();
    expect((await ended.list('app2', ['app2'])).map((e) => e.name)).toEqual(['hello-0.c9']);

    await ended.forget('app1');
    expect(await ended.list('app1', ['app1'])).toEqual([]);
    expect(await ended.list('app2', ['app2'])).toHaveLength(1);
  });
});
