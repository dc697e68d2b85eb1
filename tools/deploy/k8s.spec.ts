// Renders the kustomize base and the example overlay, validates every object against the Kubernetes
// OpenAPI schemas, and evaluates the NetworkPolicies against the platform's list of internal calls.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { Role, RoleBinding } from 'kubernetes-models/rbac.authorization.k8s.io/v1';
import { ConfigMap, Namespace, Secret, Service, ServiceAccount } from 'kubernetes-models/v1';
import type { ZodTypeAny } from 'zod';
import { INTERNAL_CALLS, PLATFORM_APPS, PlatformApp } from '@berth/contracts';
import { registryConfigSchema } from '../../apps/application-registry/src/config/application-registry.env';
import { gatewayConfigSchema } from '../../apps/gateway/src/config/gateway.env';
import { orchestratorConfigSchema } from '../../apps/microservice-orchestrator/src/config/microservice-orchestrator.env';
import { selectorLabels } from '../../apps/microservice-orchestrator/src/hosting/infrastructure/kubernetes/kubernetes-objects';
import { smsAdapterConfigSchema } from '../../apps/sms-adapter/src/config/sms-adapter.env';
import { subscriptionConfigSchema } from '../../apps/subscription/src/config/subscription.env';
import { tenantOptionsConfigSchema } from '../../apps/tenant-options/src/config/tenant-options.env';
import { Endpoint, NetworkPolicyEvaluator, NetworkPolicyObject } from './network-policy-evaluator';

const root = join(__dirname, '..', '..');
const APPS = Object.keys(PLATFORM_APPS) as PlatformApp[];
const SCHEMAS: Record<PlatformApp, ZodTypeAny> = {
  gateway: gatewayConfigSchema, 'application-registry': registryConfigSchema, subscription: subscriptionConfigSchema,
  'tenant-options': tenantOptionsConfigSchema, 'sms-adapter': smsAdapterConfigSchema, 'microservice-orchestrator': orchestratorConfigSchema,
};

type Validatable = new (data: any) => { validate(): void };
// Only kinds listed here may appear; anything else fails, so no object goes unvalidated.
const MODELS: Record<string, Validatable> = Object.fromEntries(
  [Namespace, ConfigMap, Secret, Service, ServiceAccount, Deployment, HorizontalPodAutoscaler, PodDisruptionBudget,
    NetworkPolicy, Ingress, Role, RoleBinding].map((m) => [`${m.apiVersion}/${m.kind}`, m as unknown as Validatable]),
);

function validate(obj: any): void {
  const Model = MODELS[`${obj.apiVersion}/${obj.kind}`];
  if (!Model) throw new Error(`no schema for ${obj.apiVersion} ${obj.kind} ${obj.metadata?.name}`);
  new Model(obj).validate();
}

function render(dir: string): any[] {
  const out = execFileSync('kubectl', ['kustomize', dir], { encoding: 'utf8' });
  return parseAllDocuments(out).map((doc) => {
    if (doc.errors.length) throw doc.errors[0];
    return doc.toJS();
  });
}

/** The keys secrets.env.example names (a commented `# KEY=` line is an optional key). */
const exampleSecrets = readFileSync(join(root, 'k8s/overlays/example/secrets.env.example'), 'utf8')
  .split('\n').map((l) => /^#?\s*([A-Z][A-Z0-9_]*)=/.exec(l)?.[1]).filter((k): k is string => !!k);

/** The example overlay, rendered from a copy of k8s/ with a secrets.env filled in (the real one is git-ignored). */
function renderExample(): any[] {
  const dir = mkdtempSync(join(tmpdir(), 'berth-k8s-'));
  try {
    cpSync(join(root, 'k8s'), join(dir, 'k8s'), { recursive: true, filter: (src) => !src.endsWith('secrets.env') });
    writeFileSync(join(dir, 'k8s/overlays/example/secrets.env'), exampleSecrets.map((k) => `${k}=test-value-of-${k.toLowerCase()}`).join('\n'));
    return render(join(dir, 'k8s/overlays/example'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const base = render(join(root, 'k8s/base'));
const example = renderExample();
const ofKind = (objects: any[], kind: string) => objects.filter((o) => o.kind === kind);
const deployment = (objects: any[], app: string) => ofKind(objects, 'Deployment').find((d) => d.metadata.name === app);
const container = (objects: any[], app: string) => deployment(objects, app).spec.template.spec.containers[0];
const envOf = (objects: any[], app: string): any[] => container(objects, app).env ?? [];

/** The fields of a config schema (through a refinement). */
function schemaShape(schema: ZodTypeAny): Record<string, ZodTypeAny> {
  let s: any = schema;
  while (!s.shape && s._def?.schema) s = s._def.schema;
  return s.shape;
}

/** `TENANT_OPTIONS_URL` → `tenant-options`, when it names an app. */
const appOfUrlVariable = (key: string) => APPS.find((a) => `${a.toUpperCase().replace(/-/g, '_')}_URL` === key);

describe.each([['base', base], ['example overlay', example]])('k8s, the %s', (_name, objects) => {
  it('renders objects that all pass schema validation', () => {
    expect(objects.length).toBeGreaterThan(0);
    for (const obj of objects) expect(() => validate(obj)).not.toThrow();
  });

  it('puts the apps into berth and only what hosted microservices need into berth-hosted', () => {
    const byNamespace = (ns: string) => objects.filter((o) => o.metadata.namespace === ns).map((o) => `${o.kind}/${o.metadata.name}`).sort();
    expect(byNamespace('berth-hosted')).toEqual(['NetworkPolicy/default-deny', 'NetworkPolicy/microservices', 'Role/berth-orchestrator', 'RoleBinding/berth-orchestrator']);
    expect(ofKind(objects, 'Namespace').map((n) => n.metadata.name).sort()).toEqual(['berth', 'berth-hosted']);
    for (const obj of objects) if (obj.kind !== 'Namespace') expect([obj.metadata.name, obj.metadata.namespace]).toEqual([obj.metadata.name, expect.stringMatching(/^berth(-hosted)?$/)]);
  });

  it.each(['Deployment', 'Service', 'HorizontalPodAutoscaler', 'PodDisruptionBudget'])('has one %s per app', (kind) => {
    expect(ofKind(objects, kind).map((o) => o.metadata.name).sort()).toEqual([...APPS].sort());
  });

  it('runs the one image in every Deployment, the app chosen by BERTH_APP, never :latest', () => {
    const images = new Set(APPS.map((app) => container(objects, app).image));
    expect(images.size).toBe(1);
    expect([...images][0]).not.toMatch(/:latest$/);
    for (const app of APPS) expect(envOf(objects, app)).toContainEqual({ name: 'BERTH_APP', value: app });
  });

  it('meets the restricted Pod Security Standard in berth, which enforces it', () => {
    expect(ofKind(objects, 'Namespace').find((n) => n.metadata.name === 'berth').metadata.labels['pod-security.kubernetes.io/enforce']).toBe('restricted');
    for (const app of APPS) {
      const pod = deployment(objects, app).spec.template.spec;
      expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
      for (const c of pod.containers) {
        expect(c.securityContext).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } });
      }
      expect(pod.automountServiceAccountToken ?? (pod.serviceAccountName === 'berth-orchestrator')).toBe(app === 'microservice-orchestrator');
    }
  });

  it('gives each app exactly the secrets its config schema reads, by key, and no whole Secret', () => {
    for (const app of APPS) {
      const shape = schemaShape(SCHEMAS[app]);
      const wanted = exampleSecrets.filter((k) => k in shape).sort();
      const refs = envOf(objects, app).filter((e) => e.valueFrom?.secretKeyRef);
      expect([app, refs.map((e) => e.name).sort()]).toEqual([app, wanted]);
      for (const e of refs) {
        expect(e.valueFrom.secretKeyRef).toEqual({ name: expect.stringMatching(/^berth-secrets/), key: e.name, ...(shape[e.name].isOptional() ? { optional: true } : {}) });
      }
      expect(container(objects, app).envFrom.filter((f: any) => f.secretRef)).toEqual([]);
    }
  });

  it('waits longer in the readiness probe than /health waits for one dependency', () => {
    const health = readFileSync(join(root, 'libs/runtime/src/health/health.service.ts'), 'utf8');
    const checkMs = Number(/CHECK_TIMEOUT_MS = ([\d_]+)/.exec(health)![1].replace(/_/g, ''));
    expect(checkMs).toBeGreaterThan(0);
    for (const app of APPS) expect([app, container(objects, app).readinessProbe.timeoutSeconds * 1000 > checkMs]).toEqual([app, true]);
  });

  it('keeps two gateways at least, and lets a disruption take one pod of an app at a time', () => {
    expect(deployment(objects, 'gateway').spec.replicas).toBe(2);
    expect(ofKind(objects, 'HorizontalPodAutoscaler').find((h) => h.metadata.name === 'gateway').spec.minReplicas).toBe(2);
    for (const pdb of ofKind(objects, 'PodDisruptionBudget')) {
      expect(pdb.spec).toEqual({ maxUnavailable: 1, selector: { matchLabels: { 'app.kubernetes.io/name': pdb.metadata.name } } });
    }
  });

  it('exposes no Service outside the cluster', () => {
    expect(ofKind(objects, 'Service').filter((s) => (s.spec.type ?? 'ClusterIP') !== 'ClusterIP')).toEqual([]);
  });

  it('lets the orchestrator manage workloads in berth-hosted only', () => {
    const roles = ofKind(objects, 'Role');
    expect(roles.map((r) => r.metadata.namespace)).toEqual(['berth-hosted']);
    expect(ofKind(objects, 'RoleBinding')).toEqual([expect.objectContaining({
      metadata: expect.objectContaining({ namespace: 'berth-hosted' }),
      subjects: [{ kind: 'ServiceAccount', name: 'berth-orchestrator', namespace: 'berth' }],
    })]);
    const orchestrator = deployment(objects, 'microservice-orchestrator').spec.template.spec;
    expect(orchestrator.serviceAccountName).toBe('berth-orchestrator');
    expect(orchestrator.containers[0].env).toContainEqual({ name: 'BERTH_KUBERNETES_NAMESPACE', value: 'berth-hosted' });
  });

  it('tells each app the address of each app it calls', () => {
    const config = ofKind(objects, 'ConfigMap').find((c) => c.metadata.name.startsWith('berth-config')).data;
    for (const c of INTERNAL_CALLS) expect(config[c.env]).toBe(`http://${c.callee}:${c.port}`);
    for (const app of APPS) {
      const service = ofKind(objects, 'Service').find((s) => s.metadata.name === app);
      expect(service.spec.ports.map((p: any) => p.port)).toEqual([app === 'gateway' ? 80 : PLATFORM_APPS[app].port]);
      expect(container(objects, app).ports.map((p: any) => p.containerPort)).toContain(PLATFORM_APPS[app].port);
    }
  });
});

describe('k8s, the base alone', () => {
  it('carries no Secret: the overlay generates it', () => {
    expect(ofKind(base, 'Secret')).toEqual([]);
  });

  it('labels everything part-of berth', () => {
    for (const obj of base) expect(obj.metadata.labels['app.kubernetes.io/part-of']).toBe('berth');
  });
});

describe('k8s, the example overlay', () => {
  it('generates the Secret from secrets.env, with a content hash, and every Deployment names it', () => {
    const [secret, ...rest] = ofKind(example, 'Secret');
    expect(rest).toEqual([]);
    expect(secret.metadata.name).toMatch(/^berth-secrets-[a-z0-9]+$/);
    expect(Object.keys(secret.data).sort()).toEqual([...exampleSecrets].sort());
    for (const app of APPS) for (const e of envOf(example, app).filter((x) => x.valueFrom?.secretKeyRef)) expect(e.valueFrom.secretKeyRef.name).toBe(secret.metadata.name);
  });

  it('sets a tagged image from a registry, and the registry hosted microservices come from', () => {
    expect(container(example, 'gateway').image).toMatch(/^[a-z0-9.-]+\/[a-z0-9/._-]+:[A-Za-z0-9._-]+$/);
    expect(envOf(example, 'microservice-orchestrator').find((e) => e.name === 'BERTH_KUBERNETES_IMAGE_REGISTRY')?.value).toMatch(/\./);
  });

  it('serves the gateway through an Ingress with TLS for the platform and the tenants\' host names', () => {
    const [ingress] = ofKind(example, 'Ingress');
    const hosts = ingress.spec.rules.map((r: any) => r.host);
    expect(ingress.spec.tls[0].hosts.sort()).toEqual([...hosts].sort());
    for (const rule of ingress.spec.rules) expect(rule.http.paths[0].backend.service).toEqual({ name: 'gateway', port: { name: 'http' } });
    const config = ofKind(example, 'ConfigMap')[0].data;
    expect(config.BERTH_PUBLIC_URL).toBe(`https://${hosts[0]}`);
  });
});

describe('k8s network policies', () => {
  const NAMESPACES = { berth: {}, 'berth-hosted': {}, 'kube-system': {}, monitoring: { 'io.berth.prometheus': 'true' }, other: {} };
  let nextIp = 1;
  const pod = (name: string, namespace: string, labels: Record<string, string>): Endpoint => ({ name, namespace, labels, ip: `10.244.0.${nextIp++}` });
  const external = (name: string, ip: string): Endpoint => ({ name, ip });

  // The pods as the rendered Deployments label them, and the driver labels hosted microservices.
  const apps = Object.fromEntries(APPS.map((app) => {
    const d = deployment(base, app);
    return [app, pod(app, d.metadata.namespace, d.spec.template.metadata.labels)];
  })) as Record<PlatformApp, Endpoint>;
  const hostedNamespace = envOf(base, 'microservice-orchestrator').find((e) => e.name === 'BERTH_KUBERNETES_NAMESPACE').value;
  const hostedA = pod('hosted tenant a', hostedNamespace, { ...selectorLabels('berth', 'berth-hello-a'), 'io.berth.tenant': 'a' });
  const hostedB = pod('hosted tenant b', hostedNamespace, { ...selectorLabels('berth', 'berth-hello-b'), 'io.berth.tenant': 'b' });
  const prometheus = pod('prometheus', 'monitoring', { 'app.kubernetes.io/name': 'prometheus' });
  const otherInMonitoring = pod('grafana', 'monitoring', { 'app.kubernetes.io/name': 'grafana' });
  const prometheusElsewhere = pod('prometheus elsewhere', 'other', { 'app.kubernetes.io/name': 'prometheus' });
  const dns = pod('kube-dns', 'kube-system', { 'k8s-app': 'kube-dns' });
  const infra = { kafka: 9092, mongodb: 27017, redis: 6379 } as const;
  const infraPods = Object.fromEntries(Object.keys(infra).map((k) => [k, pod(k, 'berth', { 'io.berth.infrastructure': k })]));
  const internet = external('a public address', '203.0.113.10');
  const privateAddress = external('a private address', '10.1.2.3');
  const apiServer = external('the API server', '172.18.0.2');

  const evaluator = (objects: any[]) => new NetworkPolicyEvaluator(ofKind(objects, 'NetworkPolicy') as NetworkPolicyObject[], NAMESPACES);
  const base$ = evaluator(base);
  const flow = (e: NetworkPolicyEvaluator, from: Endpoint, to: Endpoint, port: number, protocol = 'TCP') =>
    `${from.name} -> ${to.name}:${port}/${protocol} ${e.allows(from, to, port, protocol) ? 'allowed' : 'denied'}`;
  const expectFlow = (from: Endpoint, to: Endpoint, port: number, outcome: 'allowed' | 'denied', protocol = 'TCP', e = base$) =>
    expect(flow(e, from, to, port, protocol)).toBe(`${from.name} -> ${to.name}:${port}/${protocol} ${outcome}`);

  it('lists in INTERNAL_CALLS every app URL the apps\' config schemas read, and nothing they do not', () => {
    const read = APPS.flatMap((caller) => Object.keys(schemaShape(SCHEMAS[caller]))
      .filter((key) => appOfUrlVariable(key)).map((env) => `${caller} -> ${appOfUrlVariable(env)} (${env})`));
    expect(read.sort()).toEqual(INTERNAL_CALLS.map((c) => `${c.caller} -> ${c.callee} (${c.env})`).sort());
  });

  it('allows every internal call between the apps, and no other', () => {
    for (const caller of APPS) {
      for (const callee of APPS.filter((a) => a !== caller)) {
        const listed = INTERNAL_CALLS.some((c) => c.caller === caller && c.callee === callee);
        expectFlow(apps[caller], apps[callee], PLATFORM_APPS[callee].port, listed ? 'allowed' : 'denied');
      }
    }
  });

  it('lets anyone reach the gateway\'s public port, and no other app', () => {
    for (const from of [internet, privateAddress, hostedA, otherInMonitoring]) {
      for (const app of APPS) expectFlow(from, apps[app], PLATFORM_APPS[app].port, app === 'gateway' ? 'allowed' : 'denied');
    }
  });

  it('lets Prometheus (its pods in a namespace labelled io.berth.prometheus=true) scrape every app\'s metrics port, and nothing else', () => {
    for (const app of APPS) {
      expectFlow(prometheus, apps[app], PLATFORM_APPS[app].metricsPort, 'allowed');
      expectFlow(otherInMonitoring, apps[app], PLATFORM_APPS[app].metricsPort, 'denied');
      expectFlow(prometheusElsewhere, apps[app], PLATFORM_APPS[app].metricsPort, 'denied');
    }
    expectFlow(internet, apps.gateway, PLATFORM_APPS.gateway.metricsPort, 'denied');
  });

  it('lets every app, and no hosted microservice, reach Kafka, MongoDB and Redis labelled io.berth.infrastructure', () => {
    for (const [kind, port] of Object.entries(infra)) {
      for (const app of APPS) expectFlow(apps[app], infraPods[kind], port, 'allowed');
      expectFlow(hostedA, infraPods[kind], port, 'denied');
      expectFlow(internet, infraPods[kind], port, 'denied');
    }
    expectFlow(infraPods.kafka, infraPods.mongodb, 27017, 'allowed');
  });

  it('lets every pod resolve names through cluster DNS', () => {
    for (const from of [...Object.values(apps), hostedA]) expectFlow(from, dns, 53, 'allowed', 'UDP');
  });

  it('keeps hosted microservices to the gateway: reached by it alone, reaching it alone', () => {
    expectFlow(apps.gateway, hostedA, 80, 'allowed');
    expectFlow(hostedA, apps.gateway, PLATFORM_APPS.gateway.port, 'allowed');
    expectFlow(hostedA, hostedB, 80, 'denied');
    expectFlow(hostedA, apps['tenant-options'], 3103, 'denied');
    expectFlow(hostedA, apps['microservice-orchestrator'], 3105, 'denied');
    expectFlow(hostedA, internet, 443, 'denied');
    for (const app of APPS.filter((a) => a !== 'gateway')) expectFlow(apps[app], hostedA, 80, 'denied');
  });

  it('lets out of the cluster only the calls that leave it: the API server, identity and SMS providers', () => {
    expectFlow(apps['microservice-orchestrator'], apiServer, 6443, 'allowed');
    expectFlow(apps['microservice-orchestrator'], apiServer, 443, 'allowed');
    for (const app of ['tenant-options', 'sms-adapter'] as const) {
      expectFlow(apps[app], internet, 443, 'allowed');
      expectFlow(apps[app], privateAddress, 443, 'denied');
    }
    for (const app of ['gateway', 'application-registry', 'subscription'] as const) expectFlow(apps[app], internet, 443, 'denied');
  });

  it('lets the example overlay\'s apps reach Kafka, MongoDB and Redis at their external addresses', () => {
    const e = evaluator(example);
    const config = ofKind(example, 'ConfigMap')[0].data;
    const addresses: Array<[string, number]> = [
      [config.KAFKA_BROKERS.split(':')[0], 9092], [/\/\/([^:/]+)/.exec(config.MONGODB_URI)![1], 27017], [/\/\/([^:/]+)/.exec(config.REDIS_URL)![1], 6379],
    ];
    for (const [ip, port] of addresses) {
      for (const app of APPS) expectFlow(apps[app], external(ip, ip), port, 'allowed', 'TCP', e);
      expectFlow(hostedA, external(ip, ip), port, 'denied', 'TCP', e);
    }
  });
});

describe('the validator and the policy evaluator', () => {
  it('rejects a Deployment with a wrongly typed field', () => {
    // A rendered, valid Deployment changed in one field, so only the type error can fail it.
    const bad = structuredClone(ofKind(base, 'Deployment')[0]);
    bad.spec.replicas = 'two';
    expect(() => validate(bad)).toThrow(/replicas must be integer/);
  });

  it('rejects a kind it has no schema for', () => {
    expect(() => validate({ apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'x' } })).toThrow(/no schema/);
  });

  it('allows everything without policies, and only the listed ingress once a policy selects the pod', () => {
    const a: Endpoint = { name: 'a', namespace: 'n', labels: { app: 'a' }, ip: '10.0.0.1' };
    const b: Endpoint = { name: 'b', namespace: 'n', labels: { app: 'b' }, ip: '10.0.0.2' };
    const c: Endpoint = { name: 'c', namespace: 'n', labels: { app: 'c' }, ip: '10.0.0.3' };
    expect(new NetworkPolicyEvaluator([], {}).allows(a, b, 80)).toBe(true);
    const onlyA = new NetworkPolicyEvaluator([{
      metadata: { name: 'p', namespace: 'n' },
      spec: { podSelector: { matchLabels: { app: 'b' } }, ingress: [{ from: [{ podSelector: { matchLabels: { app: 'a' } } }], ports: [{ port: 80 }] }] },
    }], {});
    expect([onlyA.allows(a, b, 80), onlyA.allows(a, b, 81), onlyA.allows(c, b, 80), onlyA.allows(a, c, 80), onlyA.allows(a, b, 80, 'UDP')]).toEqual([true, false, false, true, false]);
    const noEgress = new NetworkPolicyEvaluator([{ metadata: { name: 'd', namespace: 'n' }, spec: { podSelector: {}, policyTypes: ['Egress'] } }], {});
    expect(noEgress.allows(a, c, 80)).toBe(false);
  });
});
