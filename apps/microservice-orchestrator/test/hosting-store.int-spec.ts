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

  it('drops the instances of the version before, so a new version is not Up before an instance of it is healthy', async () => {
    await store.replaceDeployments('app1', [spec('2.0.0')]);
    const v2 = (await store.deployment('app1'))!;
    await store.record(v2, { instances: [{ id: 'c2', name: 'hello-2', healthy: true, failures: 0, startedAt: new Date().toISOString() }] }, 'Healthy');
    expect(applicationStatus('app1', [(await store.deployment('app1'))!])).toMatchObject({ status: 'Up', version: '2.0.0' });

    await store.replaceDeployments('app1', [spec('1.0.0')]);
    const v1 = (await store.deployment('app1'))!;
    expect(v1.instances).toEqual([]);
    expect(v1.stages.map((s) => s.stage)).toEqual(['Desired', 'Healthy', 'Desired']);
    expect(applicationStatus('app1', [v1])).toMatchObject({ status: 'Down', version: '1.0.0' });
  });
});
