import { desiredDeployments } from './deployment';
import type { HostedApplication } from './hosted-application';

const app = (manifest: Record<string, unknown> = {}, extra: Partial<HostedApplication> = {}): HostedApplication => ({
  _id: '42', name: 'hello', ownerTenant: 'management', key: 'hello-key', version: '1.0.0', binaryId: 'b1', manifest,
  deleted: false, infoVersion: 1, binaryVersion: 2, ...extra,
});

describe('desiredDeployments', () => {
  it('is empty without a binary, without subscribers and once deleted', () => {
    expect(desiredDeployments(null, ['t1'])).toEqual([]);
    expect(desiredDeployments(app({}, { binaryId: undefined }), ['t1'])).toEqual([]);
    expect(desiredDeployments(app(), [])).toEqual([]);
    expect(desiredDeployments(app({}, { deleted: true }), ['t1'])).toEqual([]);
  });

  it('makes one MULTI_TENANT deployment whatever the number of tenants, with the same revision', () => {
    const one = desiredDeployments(app(), ['t1']);
    const two = desiredDeployments(app(), ['t2', 't1', 't1']);
    expect(two).toHaveLength(1);
    expect(two[0]).toMatchObject({ _id: '42', isolation: 'MULTI_TENANT', tenants: ['t1', 't2'], replicas: 1, resources: { cpu: '0.5', memory: '512M' } });
    expect(two[0].revision).toBe(one[0].revision);
    expect(two[0].probes.readiness).toMatchObject({ httpGet: { path: '/health', port: 80 } });
  });

  it('makes one PER_TENANT deployment per tenant, each with its own revision', () => {
    const specs = desiredDeployments(app({ isolation: 'PER_TENANT', replicas: 2, resources: { memory: '128M' } }), ['t2', 't1']);
    expect(specs.map((s) => [s._id, s.tenant, s.tenants])).toEqual([['42/t1', 't1', ['t1']], ['42/t2', 't2', ['t2']]]);
    expect(specs[0]).toMatchObject({ replicas: 2, resources: { cpu: '0.5', memory: '128M' } });
    expect(specs[0].revision).not.toBe(specs[1].revision);
  });

  it('gives a PER_TENANT deployment a new revision when its tenant subscribed again, and a MULTI_TENANT one none', () => {
    const perTenant = app({ isolation: 'PER_TENANT' });
    const [first, other] = desiredDeployments(perTenant, ['t1', 't2'], {}, { t1: 1, t2: 4 });
    const [again, otherAgain] = desiredDeployments(perTenant, ['t1', 't2'], {}, { t1: 3, t2: 4 });
    expect(first).toMatchObject({ tenant: 't1', subscriptionVersion: 1 });
    expect(again.revision).not.toBe(first.revision);
    expect(otherAgain.revision).toBe(other.revision);
    const [multi] = desiredDeployments(app(), ['t1'], {}, { t1: 1 });
    const [multiAgain] = desiredDeployments(app(), ['t1'], {}, { t1: 3 });
    expect(multiAgain.revision).toBe(multi.revision);
    expect(multi.subscriptionVersion).toBeUndefined();
  });

  it('changes the revision with the binary and takes the manifest probe', () => {
    const manifest = { readinessProbe: { httpGet: { path: '/ready', port: 8080 }, periodSeconds: 7, failureThreshold: 5 } };
    const [a] = desiredDeployments(app(manifest), ['t1']);
    const [b] = desiredDeployments(app(manifest, { binaryId: 'b2', version: '1.0.1' }), ['t1']);
    expect(a.revision).not.toBe(b.revision);
    expect(a.probes.readiness).toEqual({ httpGet: { path: '/ready', port: 8080 }, initialDelaySeconds: 0, periodSeconds: 7, timeoutSeconds: 2, failureThreshold: 5 });
  });

  it('takes the runtime options over the manifest, with a new revision, and the manifest back without them', () => {
    const manifest = { isolation: 'PER_TENANT', replicas: 2, resources: { cpu: '1', memory: '128M' } };
    const plain = desiredDeployments(app(manifest), ['t1', 't2']);
    const scaled = desiredDeployments(app(manifest), ['t1', 't2'], { replicas: 3 });
    expect(scaled.map((s) => [s.replicas, s.resources])).toEqual([[3, { cpu: '1', memory: '128M' }], [3, { cpu: '1', memory: '128M' }]]);
    expect(scaled[0].revision).not.toBe(plain[0].revision);
    const sized = desiredDeployments(app(), ['t1'], { cpu: '250m', memory: '256M' });
    expect(sized[0]).toMatchObject({ replicas: 1, resources: { cpu: '250m', memory: '256M' } });
    expect(desiredDeployments(app(manifest), ['t1', 't2'], {}).map((s) => s.revision)).toEqual(plain.map((s) => s.revision));
  });
});
