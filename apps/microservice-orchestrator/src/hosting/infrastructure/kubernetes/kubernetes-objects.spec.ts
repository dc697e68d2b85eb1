import { Deployment } from 'kubernetes-models/apps/v1';
import { Secret, Service } from 'kubernetes-models/v1';
import type { InstanceRequest } from '../../application/ports/runtime-driver';
import { DeploymentSpec, desiredDeployments } from '../../domain/deployment';
import type { HostedApplication } from '../../domain/hosted-application';
import { deploymentOf, ObjectContext, objectName, secretOf, serviceOf } from './kubernetes-objects';

const DNS_1035 = /^[a-z]([-a-z0-9]{0,61}[a-z0-9])?$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

const app = (manifest: Record<string, unknown>): HostedApplication => ({
  _id: '6650a1b2c3d4e5f6a7b8c9d0', name: 'hello', ownerTenant: 'management', key: 'hello-key', version: '1.2.0+build.7', binaryId: 'b1', manifest,
  deleted: false, infoVersion: 1, binaryVersion: 1,
});
const ctx: ObjectContext = { prefix: 'berth', image: 'registry.test/berth-binary:b1', imagePullSecret: 'pull' };
const request = (spec: DeploymentSpec): InstanceRequest => ({
  spec, slot: 0, image: 'localhost/berth-binary:b1', name: 'unused', ports: [80], memoryBytes: 0, nanoCpus: 0,
  env: { C8Y_BASEURL: 'http://berth', C8Y_BOOTSTRAP_TENANT: 'management', SERVER_PORT: '80', MEMORY_LIMIT: spec.resources.memory, ...(spec.tenant ? { C8Y_TENANT: spec.tenant } : {}) },
});

const multi = desiredDeployments(app({
  replicas: 3, resources: { cpu: '250m', memory: '256Mi' },
  livenessProbe: { httpGet: { path: '/health', port: 8081 }, initialDelaySeconds: 5, periodSeconds: 10, timeoutSeconds: 2, failureThreshold: 4 },
  readinessProbe: { tcpSocket: { port: 80 }, periodSeconds: 5 },
}), ['t1', 't2'])[0];
/** The name of the multi-tenant deployment's objects: prefix, service name and the revision's start. */
const NAME = `berth-hello-${multi.revision.slice(0, 8)}`;
const perTenant = desiredDeployments(app({ isolation: 'PER_TENANT', livenessProbe: { exec: { command: ['/bin/check', '--quick'] }, failureThreshold: 2 } }), ['t1', 't2']);

/** Validates with the Kubernetes OpenAPI schemas; throws on the first violation. */
function validate(objects: { secret: unknown; deployment: unknown; service: unknown }) {
  new Secret(objects.secret as any).validate();
  new Deployment(objects.deployment as any).validate();
  new Service(objects.service as any).validate();
}

const build = (spec: DeploymentSpec) => ({ secret: secretOf(ctx, request(spec)), deployment: deploymentOf(ctx, spec, spec.replicas), service: serviceOf(ctx, spec) });

describe('kubernetes objects', () => {
  it.each([['MULTI_TENANT', multi], ['PER_TENANT t1', perTenant[0]], ['PER_TENANT t2', perTenant[1]]])('of a %s deployment pass schema validation', (_, spec) => {
    const objects = build(spec);
    expect(() => validate(objects)).not.toThrow();
    for (const o of Object.values(objects)) {
      expect(o.metadata!.name).toMatch(DNS_1035);
      for (const v of Object.values(o.metadata!.labels!)) expect(v).toMatch(LABEL_VALUE);
    }
  });

  it('fails validation when an object is malformed, so the check above can fail', () => {
    const objects = build(multi);
    (objects.deployment.spec as any).replicas = 'three';
    expect(() => validate(objects)).toThrow();
  });

  it('maps replicas, resources, probes, port 80 and labels; the environment only through the Secret', () => {
    const { secret, deployment, service } = build(multi);
    expect(deployment.metadata!.name).toBe(NAME);
    expect(deployment.spec!.replicas).toBe(3);
    const pod = deployment.spec!.template.spec!;
    const [c] = pod.containers;
    expect(c.image).toBe('registry.test/berth-binary:b1');
    expect(pod.imagePullSecrets).toEqual([{ name: 'pull' }]);
    expect(c.env).toBeUndefined();
    expect(c.envFrom).toEqual([{ secretRef: { name: NAME } }]);
    expect(secret.stringData).toMatchObject({ C8Y_BOOTSTRAP_TENANT: 'management', SERVER_PORT: '80', MEMORY_LIMIT: '256Mi' });
    expect(c.resources).toEqual({ limits: { cpu: '250m', memory: '256Mi' }, requests: { cpu: '250m', memory: '256Mi' } });
    expect(c.livenessProbe).toEqual({ httpGet: { path: '/health', port: 8081 }, initialDelaySeconds: 5, periodSeconds: 10, timeoutSeconds: 2, failureThreshold: 4 });
    expect(c.readinessProbe).toEqual({ tcpSocket: { port: 80 }, initialDelaySeconds: 0, periodSeconds: 5, timeoutSeconds: 2, failureThreshold: 3 });
    expect(c.ports!.map((p) => p.containerPort)).toEqual([80, 8081]);
    expect(service.spec).toMatchObject({ type: 'ClusterIP', selector: deployment.spec!.selector.matchLabels, ports: [{ port: 80, targetPort: 80 }, { port: 8081, targetPort: 8081 }] });
    expect(deployment.spec!.template.metadata!.labels).toMatchObject({
      'io.berth.managed': 'true', 'io.berth.prefix': 'berth', 'io.berth.deployment': NAME, 'io.berth.revision': multi.revision,
      'io.berth.application': multi.applicationId, 'io.berth.application-name': 'hello', 'io.berth.version': '1.2.0_build.7', 'io.berth.tenant': '',
    });
    expect(deployment.spec!.template.metadata!.annotations).toEqual({ 'io.berth.deployment': multi._id, 'io.berth.version': '1.2.0+build.7', 'io.berth.tenant': '' });
  });

  it('gives PER_TENANT one set of objects per tenant, with the tenant in names, labels and environment, and the default resources', () => {
    const [a, b] = perTenant.map(build);
    expect([a.deployment.metadata!.name, b.deployment.metadata!.name]).toEqual(perTenant.map((p) => `berth-hello-${p.tenant}-${p.revision.slice(0, 8)}`));
    expect(a.deployment.spec!.template.metadata!.labels!['io.berth.tenant']).toBe('t1');
    expect(a.deployment.spec!.template.metadata!.annotations!['io.berth.deployment']).toBe(`${perTenant[0].applicationId}/t1`);
    expect(a.secret.stringData).toMatchObject({ C8Y_TENANT: 't1' });
    const [c] = a.deployment.spec!.template.spec!.containers;
    expect(c.resources).toEqual({ limits: { cpu: '0.5', memory: '512M' }, requests: { cpu: '0.5', memory: '512M' } });
    expect(c.livenessProbe).toEqual({ exec: { command: ['/bin/check', '--quick'] }, initialDelaySeconds: 0, periodSeconds: 10, timeoutSeconds: 2, failureThreshold: 2 });
    // No readiness probe stated: the orchestrator's default (GET /health on 80 every 5 s).
    expect(c.readinessProbe).toEqual({ httpGet: { path: '/health', port: 80 }, initialDelaySeconds: 0, periodSeconds: 5, timeoutSeconds: 2, failureThreshold: 3 });
    expect(a.deployment.spec!.replicas).toBe(1);
  });

  it('makes valid names of long or odd names and prefixes, distinct per deployment and per revision', () => {
    const tenant = 'tenant-with-a-very-long-name-indeed';
    const long = objectName('berth_test', { _id: `x/${tenant}`, name: 'a-rather-long-service-name', tenant, revision: '0123456789abcdef' });
    expect(long).toMatch(DNS_1035);
    expect(long).not.toBe(objectName('berth_test', { _id: `x/${tenant}2`, name: 'a-rather-long-service-name', tenant: `${tenant}2`, revision: '0123456789abcdef' }));
    expect(long).not.toBe(objectName('berth_test', { _id: `x/${tenant}`, name: 'a-rather-long-service-name', tenant, revision: 'fedcba9876543210' }));
    expect(objectName('1st', { _id: 'y', name: 'svc', revision: '0123456789abcdef' })).toMatch(DNS_1035);
    // Two revisions of one deployment: two sets of objects, side by side during an update.
    const [next] = desiredDeployments({ ...app({}), version: '1.2.1', binaryId: 'b2' }, ['t1']);
    expect([objectName('berth', multi), objectName('berth', next)]).toEqual([NAME, `berth-hello-${next.revision.slice(0, 8)}`]);
    expect(NAME).not.toBe(`berth-hello-${next.revision.slice(0, 8)}`);
  });
});
