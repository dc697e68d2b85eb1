import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { loadConfig } from '@berth/config';
import { FakeKubernetesApi, RecordedCall } from '../../../../test/fake-kubernetes-api';
import { orchestratorConfigSchema } from '../../../config/microservice-orchestrator.env';
import type { InstanceRequest, RuntimeDriver } from '../../application/ports/runtime-driver';
import { desiredDeployments } from '../../domain/deployment';
import { DockerDriver } from '../docker/docker-driver';
import { runtimeDriver } from '../runtime-driver.factory';
import { KubernetesDriver } from './kubernetes-driver';

const NS = 'hosting';
const SELECTOR = 'io.berth.managed=true,io.berth.prefix=berth';
const [spec] = desiredDeployments({
  _id: 'app1', name: 'hello', ownerTenant: 'management', version: '1.0.0', binaryId: 'b1', deleted: false, infoVersion: 1, binaryVersion: 1,
  manifest: { replicas: 2, livenessProbe: { tcpSocket: { port: 80 } } },
}, ['t1']);
/** The name of the revision's objects: prefix, service name and the revision's start. */
const NAME = `berth-hello-${spec.revision.slice(0, 8)}`;
const request: InstanceRequest = {
  spec, slot: 0, image: 'localhost/berth-binary:b1', name: 'ignored', env: { C8Y_BOOTSTRAP_TENANT: 'management', SERVER_PORT: '80' }, ports: [80], memoryBytes: 0, nanoCpus: 0,
};
const D = `/apis/apps/v1/namespaces/${NS}/deployments`;
const S = `/api/v1/namespaces/${NS}/services`;
const SEC = `/api/v1/namespaces/${NS}/secrets`;
const P = `/api/v1/namespaces/${NS}/pods`;
const brief = (calls: RecordedCall[]) => calls.map((c) => `${c.method} ${c.path}`);

const pod = (name: string, status: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  apiVersion: 'v1', kind: 'Pod',
  metadata: {
    name, creationTimestamp: `2026-01-0${10 - Number(name.slice(-1))}T00:00:00Z`, ...extra,
    labels: { 'io.berth.managed': 'true', 'io.berth.prefix': 'berth', 'io.berth.deployment': NAME, 'io.berth.revision': spec.revision },
    annotations: { 'io.berth.deployment': 'app1' },
  },
  spec: { containers: [{ name: 'microservice', image: 'x' }] },
  status,
});

describe('KubernetesDriver against a recorded fake of the Kubernetes API', () => {
  const api = new FakeKubernetesApi(NS);
  let dir: string;
  let driver: RuntimeDriver;

  beforeAll(async () => {
    const server = await api.start();
    dir = await mkdtemp(join(tmpdir(), 'berth-kubeconfig-'));
    const kubeconfig = join(dir, 'config');
    await writeFile(kubeconfig, JSON.stringify({
      apiVersion: 'v1', kind: 'Config', 'current-context': 'fake',
      clusters: [{ name: 'fake', cluster: { server, 'insecure-skip-tls-verify': true } }], users: [{ name: 'fake', user: { token: 'test-token' } }],
      contexts: [{ name: 'fake', context: { cluster: 'fake', user: 'fake', namespace: NS } }],
    }));
    const config = loadConfig(orchestratorConfigSchema, {
      BERTH_INTERNAL_KEY: 'k'.repeat(32), BERTH_RUNTIME_DRIVER: 'kubernetes', BERTH_KUBERNETES_KUBECONFIG: kubeconfig,
      BERTH_KUBERNETES_NAMESPACE: NS, BERTH_KUBERNETES_IMAGE_REGISTRY: 'registry.test/berth',
    });
    driver = await runtimeDriver(config);
  });

  afterAll(async () => {
    await api.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('is the driver BERTH_RUNTIME_DRIVER=kubernetes selects; the config requires a registry, and a kubeconfig outside a cluster', async () => {
    expect(driver).toBeInstanceOf(KubernetesDriver);
    expect(await runtimeDriver(loadConfig(orchestratorConfigSchema, { BERTH_INTERNAL_KEY: 'k'.repeat(32) }))).toBeInstanceOf(DockerDriver);
    expect(() => loadConfig(orchestratorConfigSchema, { BERTH_INTERNAL_KEY: 'k'.repeat(32), BERTH_RUNTIME_DRIVER: 'kubernetes' }))
      .toThrow(/BERTH_KUBERNETES_IMAGE_REGISTRY: is required/);
    expect(() => loadConfig(orchestratorConfigSchema, { BERTH_INTERNAL_KEY: 'k'.repeat(32), BERTH_RUNTIME_DRIVER: 'podman' })).toThrow(/BERTH_RUNTIME_DRIVER/);
    const inCluster = loadConfig(orchestratorConfigSchema, { BERTH_INTERNAL_KEY: 'k'.repeat(32), BERTH_RUNTIME_DRIVER: 'kubernetes', BERTH_KUBERNETES_IMAGE_REGISTRY: 'registry.test' });
    await expect(runtimeDriver(inCluster, {})).rejects.toThrow(/needs BERTH_KUBERNETES_KUBECONFIG/);
  });

  it('deploys: creates Secret, Deployment (1 replica) and ClusterIP Service, then adds a replica per run up to replicas, keeping the cluster IP', async () => {
    expect(await driver.run(request)).toBe(NAME);
    const created = api.take();
    expect(brief(created)).toEqual([`POST ${SEC}`, `POST ${D}`, `POST ${S}`]);
    expect(created[0].body).toMatchObject({ kind: 'Secret', metadata: { name: NAME }, stringData: { C8Y_BOOTSTRAP_TENANT: 'management', SERVER_PORT: '80' } });
    const container = created[1].body.spec.template.spec.containers[0];
    expect(created[1].body.spec.replicas).toBe(1);
    expect(container).toMatchObject({ image: 'registry.test/berth/berth-binary:b1', envFrom: [{ secretRef: { name: NAME } }], livenessProbe: { tcpSocket: { port: 80 } } });
    expect(container.env).toBeUndefined();
    expect(created[2].body.spec).toMatchObject({ type: 'ClusterIP', ports: [{ port: 80, targetPort: 80 }] });
    expect(api.objects.get(`services/${NAME}`)!.spec.ports[0].nodePort).toBeUndefined();
    expect(await driver.ports(NAME)).toEqual({ 80: 80 });
    api.take();

    const version = api.objects.get(`deployments/${NAME}`)!.metadata.resourceVersion;
    await driver.run(request);
    const again = api.take();
    expect(brief(again)).toEqual([`POST ${SEC}`, `PUT ${SEC}/${NAME}`, `POST ${D}`, `GET ${D}/${NAME}`, `PUT ${D}/${NAME}`, `POST ${S}`, `GET ${S}/${NAME}`, `PUT ${S}/${NAME}`]);
    expect(again[4].body.spec.replicas).toBe(2);
    expect(again[4].body.metadata.resourceVersion).toBe(version);
    expect(again[7].body.spec).toMatchObject({ type: 'ClusterIP', clusterIP: '10.96.0.10', ports: [{ port: 80 }] });

    await driver.run(request);
    expect(api.take().find((c) => c.method === 'PUT' && c.path === `${D}/${NAME}`)!.body.spec.replicas).toBe(2);
    expect(api.objects.get(`services/${NAME}`)!.spec.clusterIP).toBe('10.96.0.10');
  });

  it('passes on an error that is not 409 or 404', async () => {
    api.failNext.set('POST deployments', 500);
    await expect(driver.run(request)).rejects.toMatchObject({ code: 500 });
    api.take();
  });

  it('observes pods with their Service\'s cluster DNS name and the kubelet\'s readiness; stuck and terminated ones are not running, deleting ones are left out', async () => {
    api.seed('pods', pod('berth-hello-a1', { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }], containerStatuses: [{ name: 'microservice', ready: true, restartCount: 0, image: 'x', imageID: '', state: { running: { startedAt: '2026-01-01T00:00:01Z' } } }] }));
    api.seed('pods', pod('berth-hello-b2', {
      phase: 'Running', containerStatuses: [{
        name: 'microservice', ready: false, restartCount: 4, image: 'x', imageID: '',
        state: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 1m20s restarting failed container' } },
        lastState: { terminated: { exitCode: 3, reason: 'Error', finishedAt: '2026-01-01T00:01:00Z' } },
      }],
    }));
    api.seed('pods', pod('berth-hello-c3', { phase: 'Running' }, { deletionTimestamp: '2026-01-01T00:02:00Z' }));
    api.seed('pods', pod('berth-hello-d4', { phase: 'Pending', conditions: [{ type: 'Ready', status: 'False' }], containerStatuses: [{ name: 'microservice', ready: false, restartCount: 0, image: 'x', imageID: '', state: { waiting: { reason: 'ContainerCreating' } } }] }));
    api.seed('pods', { ...pod('other-5', { phase: 'Running' }), metadata: { name: 'other-5', labels: { 'io.berth.managed': 'true', 'io.berth.prefix': 'otherstack' } } });
    api.seed('pods', { ...pod('other-4', { phase: 'Running' }), metadata: { name: 'other-4', labels: { app: 'other' } } });
    const host = `${NAME}.${NS}.svc`;

    const seen = await driver.list();
    const calls = api.take();
    expect(calls.map((c) => `${c.method} ${c.path} ${c.query.labelSelector}`).sort()).toEqual([`GET ${P} ${SELECTOR}`, `GET ${D} ${SELECTOR}`, `GET ${S} ${SELECTOR}`].sort());
    expect(seen).toEqual([
      // Oldest first (d4 was made first, a1 last), numbered per deployment.
      { id: 'berth-hello-d4', name: 'berth-hello-d4', deploymentId: 'app1', revision: spec.revision, slot: 0, running: true, state: 'ContainerCreating', ports: {}, host, ready: false },
      { id: 'berth-hello-b2', name: 'berth-hello-b2', deploymentId: 'app1', revision: spec.revision, slot: 1, running: false, state: 'CrashLoopBackOff', ports: {}, host, ready: false },
      // Only a Ready pod has the address: the gateway reaches it through the Service.
      { id: 'berth-hello-a1', name: 'berth-hello-a1', deploymentId: 'app1', revision: spec.revision, slot: 2, running: true, state: 'running', ports: { 80: 80 }, host, ready: true },
    ]);
    // A Deployment without pods: stopped with the ReplicaSet's reason when it cannot make them, else starting.
    const podless = (name: string, conditions: unknown[]) => api.seed('deployments', {
      apiVersion: 'apps/v1', kind: 'Deployment', status: { conditions },
      metadata: { name, labels: { 'io.berth.managed': 'true', 'io.berth.prefix': 'berth', 'io.berth.deployment': name }, annotations: { 'io.berth.deployment': `app1/${name}` } },
      spec: { replicas: 1, template: { metadata: { labels: { 'io.berth.revision': 'r9' } } } },
    });
    podless('berth-quota', [{ type: 'ReplicaFailure', status: 'True', reason: 'FailedCreate', message: 'pods "berth-quota-x" is forbidden: exceeded quota' }]);
    podless('berth-fresh', []);
    expect((await driver.list()).slice(3)).toEqual([
      { id: 'berth-quota', name: 'berth-quota', deploymentId: 'app1/berth-quota', revision: 'r9', slot: 0, running: false, state: 'ReplicaFailure: pods "berth-quota-x" is forbidden: exceeded quota', ports: {}, ready: false },
      { id: 'berth-fresh', name: 'berth-fresh', deploymentId: 'app1/berth-fresh', revision: 'r9', slot: 0, running: true, state: 'starting', ports: {}, ready: false },
    ]);
    api.objects.delete('deployments/berth-quota');
    api.objects.delete('deployments/berth-fresh');
    // A pod of another stack is not this driver's to remove.
    await driver.remove('other-5');
    expect(api.objects.has('pods/other-5')).toBe(true);
    api.take();

    expect(await driver.exitState('berth-hello-b2')).toEqual({
      exitCode: 3, oomKilled: false, finishedAt: '2026-01-01T00:01:00.000Z',
      error: 'CrashLoopBackOff after 4 restarts: back-off 1m20s restarting failed container; Error',
    });
    expect(await driver.exitState('berth-hello-a1')).toBeUndefined();
    expect(await driver.exitState('gone')).toBeUndefined();
    expect(brief(api.take())).toEqual([`GET ${P}/berth-hello-b2`, `GET ${P}/berth-hello-a1`, `GET ${P}/gone`]);
  });

  it('reads logs through the pod log endpoint, falling back to the previous container when the current one has none', async () => {
    api.logs.set('berth-hello-a1', '2026-01-01T00:00:01.000000000Z one\n2026-01-01T00:00:02.000000000Z two\n2026-01-01T00:00:03.000000000Z three\n');
    const lines = await driver.logs('berth-hello-a1', { since: new Date('2026-01-01T00:00:02Z'), limit: 10 });
    expect(lines).toEqual([{ at: '2026-01-01T00:00:02.000Z', stream: 'stdout', text: 'two' }, { at: '2026-01-01T00:00:03.000Z', stream: 'stdout', text: 'three' }]);
    const [call] = api.take();
    expect(`${call.method} ${call.path}`).toBe(`GET ${P}/berth-hello-a1/log`);
    expect(call.query).toMatchObject({ timestamps: 'true', tailLines: '10' });
    expect(Number(call.query.sinceSeconds)).toBeGreaterThan(0);

    api.logs.set('berth-hello-b2/previous', '2026-01-01T00:00:59.000000000Z panic: boom\n');
    expect(await driver.logs('berth-hello-b2', { limit: 5 })).toEqual([{ at: '2026-01-01T00:00:59.000Z', stream: 'stdout', text: 'panic: boom' }]);
    expect(api.take().map((c) => `${c.method} ${c.path} previous=${c.query.previous ?? 'false'}`))
      .toEqual([`GET ${P}/berth-hello-b2/log previous=false`, `GET ${P}/berth-hello-b2/log previous=true`]);
    await expect(driver.logs('gone', { limit: 5 })).rejects.toMatchObject({ code: 404 });
    api.take();
  });

  it('runs exec through the exec WebSocket, takes the exit code from the status channel, and gives -1 on time-out', async () => {
    api.execStatus = { status: 'Failure', reason: 'NonZeroExitCode', details: { causes: [{ reason: 'ExitCode', message: '7' }] } };
    expect(await driver.exec('berth-hello-a1', ['/bin/check', '--quick'], 5000)).toBe(7);
    api.execStatus = { status: 'Success' };
    expect(await driver.exec('berth-hello-a1', ['true'], 5000)).toBe(0);
    api.execStatus = null;
    expect(await driver.exec('berth-hello-a1', ['sleep', '60'], 300)).toBe(-1);
    const [call] = api.take();
    expect(`${call.method} ${call.path}`).toBe(`GET ${P}/berth-hello-a1/exec`);
    expect(call.query).toMatchObject({ container: 'microservice', stdout: 'true', stderr: 'true' });
  });

  it('removes a pod as one replica fewer, and the last one with its Deployment, Service and Secret; absent objects are fine', async () => {
    await driver.remove('berth-hello-b2');
    const fewer = api.take();
    expect(brief(fewer)).toEqual([`GET ${P}/berth-hello-b2`, `GET ${D}/${NAME}`, `PUT ${D}/${NAME}`, `DELETE ${P}/berth-hello-b2`]);
    expect(fewer[2].body.spec.replicas).toBe(1);

    await driver.remove('berth-hello-a1');
    const last = api.take();
    expect(brief(last)).toEqual([`GET ${P}/berth-hello-a1`, `GET ${D}/${NAME}`, `DELETE ${D}/${NAME}`, `DELETE ${S}/${NAME}`, `DELETE ${SEC}/${NAME}`, `DELETE ${P}/berth-hello-a1`]);
    expect(last[2].query.propagationPolicy).toBe('Background');
    expect([...api.objects.keys()].filter((k) => k.endsWith(`/${NAME}`))).toEqual([]);

    await expect(driver.remove(NAME)).resolves.toBeUndefined();
    expect(brief(api.take()).sort()).toEqual([`GET ${D}/${NAME}`, `GET ${P}/${NAME}`, `GET ${S}/${NAME}`, `GET ${SEC}/${NAME}`].sort());

    // By object name: its objects when they are this stack's, not those of another.
    await driver.run(request);
    api.seed('deployments', { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'unrelated', labels: { app: 'unrelated' } }, spec: {} });
    api.take();
    await driver.remove(NAME);
    expect(brief(api.take().filter((c) => c.method === 'DELETE'))).toEqual([`DELETE ${D}/${NAME}`, `DELETE ${S}/${NAME}`, `DELETE ${SEC}/${NAME}`]);
    // A pod left from the Deployment deleted above has another revision: it is deleted, the new Deployment keeps its replicas.
    api.seed('pods', { ...pod('berth-hello-e5', { phase: 'Running' }), metadata: { ...pod('berth-hello-e5', {}).metadata, labels: { ...pod('berth-hello-e5', {}).metadata.labels, 'io.berth.revision': 'older' } } });
    await driver.run(request);
    api.take();
    await driver.remove('berth-hello-e5');
    expect(brief(api.take())).toEqual([`GET ${P}/berth-hello-e5`, `GET ${D}/${NAME}`, `DELETE ${P}/berth-hello-e5`]);
    expect(api.objects.get(`deployments/${NAME}`)!.spec.replicas).toBe(1);
    await driver.remove('unrelated');
    expect(api.take().filter((c) => c.method === 'DELETE')).toEqual([]);
    expect(api.objects.has('deployments/unrelated')).toBe(true);
  });

  it('does not load images: it expects them in the registry', async () => {
    expect(await driver.hasImage('localhost/berth-binary:b1')).toBe(true);
    await expect(driver.loadImage(undefined as never, 'localhost/berth-binary:b1')).rejects.toThrow(/push registry.test\/berth\/berth-binary:b1/);
    expect(api.take()).toEqual([]);
  });

  it('makes only calls the orchestrator\'s Role in k8s/base/hosted allows', async () => {
    const docs = parseAllDocuments(await readFile(join(__dirname, '../../../../../../k8s/base/hosted/orchestrator-rbac.yaml'), 'utf8')).map((d) => d.toJS());
    const rules: Array<{ apiGroups: string[]; resources: string[]; verbs: string[] }> = docs.find((d) => d.kind === 'Role').rules;
    const verbOf = (c: RecordedCall, named: boolean) => (c.path.endsWith('/exec') ? 'create'
      : ({ GET: named ? 'get' : 'list', POST: 'create', PUT: 'update', PATCH: 'patch', DELETE: 'delete' } as Record<string, string>)[c.method]);
    const needed = new Set(api.history.map((c) => {
      const m = /^\/(?:api\/v1|apis\/([^/]+)\/v1)\/namespaces\/[^/]+\/([^/]+)(?:\/([^/]+)(?:\/([^/]+))?)?$/.exec(c.path)!;
      return `${m[1] ?? ''} ${m[2]}${m[4] ? `/${m[4]}` : ''} ${verbOf(c, !!m[3])}`;
    }));
    expect(needed.size).toBeGreaterThan(10);
    for (const n of needed) {
      const [group, resource, verb] = n.split(' ');
      expect([n, rules.some((r) => r.apiGroups.includes(group) && r.resources.includes(resource) && r.verbs.includes(verb))]).toEqual([n, true]);
    }
  });
});
