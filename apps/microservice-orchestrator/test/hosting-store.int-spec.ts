import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { applicationStatus } from '../src/hosting/domain/application-status';
import type { DeploymentSpec } from '../src/hosting/domain/deployment';
import { probesOf } from '../src/hosting/domain/probes';
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
