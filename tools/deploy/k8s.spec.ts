// Renders the kustomize base and validates every object against the Kubernetes OpenAPI schemas.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { Role, RoleBinding } from 'kubernetes-models/rbac.authorization.k8s.io/v1';
import { ConfigMap, Namespace, Secret, Service, ServiceAccount } from 'kubernetes-models/v1';

const root = join(__dirname, '..', '..');
const APPS = ['gateway', 'application-registry', 'subscription', 'tenant-options', 'sms-adapter', 'microservice-orchestrator'];

type Validatable = new (data: any) => { validate(): void };
// Only kinds listed here may appear; anything else fails, so no object goes unvalidated.
const MODELS: Record<string, Validatable> = Object.fromEntries(
  [Namespace, ConfigMap, Secret, Service, ServiceAccount, Deployment, HorizontalPodAutoscaler,
    NetworkPolicy, Role, RoleBinding].map((m) => [`${m.apiVersion}/${m.kind}`, m as unknown as Validatable]),
);

function validate(obj: any): void {
  const Model = MODELS[`${obj.apiVersion}/${obj.kind}`];
  if (!Model) throw new Error(`no schema for ${obj.apiVersion} ${obj.kind} ${obj.metadata?.name}`);
  new Model(obj).validate();
}

const rendered = execFileSync('kubectl', ['kustomize', join(root, 'k8s')], { encoding: 'utf8' });
const objects: any[] = parseAllDocuments(rendered).map((doc) => {
  if (doc.errors.length) throw doc.errors[0];
  return doc.toJS();
});
const ofKind = (kind: string) => objects.filter((o) => o.kind === kind);

describe('k8s kustomize base', () => {
  it('renders objects that all pass schema validation', () => {
    expect(objects.length).toBeGreaterThan(0);
    for (const obj of objects) expect(() => validate(obj)).not.toThrow();
  });

  it('puts everything namespaced into berth and labels it part-of berth', () => {
    for (const obj of objects) {
      if (obj.kind !== 'Namespace') expect(obj.metadata.namespace).toBe('berth');
      expect(obj.metadata.labels['app.kubernetes.io/part-of']).toBe('berth');
    }
  });

  it.each(['Deployment', 'Service', 'HorizontalPodAutoscaler'])('has one %s per app', (kind) => {
    expect(ofKind(kind).map((o) => o.metadata.name).sort()).toEqual([...APPS].sort());
  });

  it('exposes only the gateway outside the cluster', () => {
    const external = ofKind('Service').filter((s) => (s.spec.type ?? 'ClusterIP') !== 'ClusterIP');
    expect(external.map((s) => s.metadata.name)).toEqual(['gateway']);
  });

  it('runs every app as non-root with a read-only root filesystem', () => {
    for (const d of ofKind('Deployment')) {
      const pod = d.spec.template.spec;
      expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
      for (const c of pod.containers) {
        expect(c.securityContext).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true });
      }
    }
    const orchestrator = ofKind('Deployment').find((d) => d.metadata.name === 'microservice-orchestrator');
    expect(orchestrator.spec.template.spec.serviceAccountName).toBe('berth-orchestrator');
  });

  it('denies ingress by default', () => {
    const denyAll = ofKind('NetworkPolicy').filter((p) => Object.keys(p.spec.podSelector).length === 0);
    expect(denyAll).toHaveLength(1);
    expect(denyAll[0].spec.policyTypes).toEqual(['Ingress']);
    expect(denyAll[0].spec.ingress).toBeUndefined();
  });

  it('ships the Secret with empty values only', () => {
    const [secret, ...rest] = ofKind('Secret');
    expect(rest).toHaveLength(0);
    const values = { ...secret.stringData, ...secret.data };
    expect(Object.keys(values).sort()).toEqual(['BERTH_ADMIN_PASSWORD', 'BERTH_INTERNAL_KEY', 'BERTH_SECRETS_KEY']);
    for (const v of Object.values(values)) expect(v).toBe('');
  });
});

describe('the validator', () => {
  it('rejects a Deployment with a wrongly typed field', () => {
    // A rendered, valid Deployment changed in one field, so only the type error can fail it.
    const bad = structuredClone(ofKind('Deployment')[0]);
    bad.spec.replicas = 'two';
    expect(() => validate(bad)).toThrow(/replicas must be integer/);
  });

  it('rejects a kind it has no schema for', () => {
    expect(() => validate({ apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'x' } })).toThrow(/no schema/);
  });
});
