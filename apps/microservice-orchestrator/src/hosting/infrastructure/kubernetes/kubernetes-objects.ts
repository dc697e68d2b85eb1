import { createHash } from 'node:crypto';
import type { V1Deployment, V1Probe, V1Secret, V1Service } from '@kubernetes/client-node';
import type { InstanceRequest } from '../../application/ports/runtime-driver';
import type { DeploymentSpec } from '../../domain/deployment';
import { Probe, probePorts } from '../../domain/probes';
import { Labels } from '../docker/container-labels';

/** What the objects of one deployment need besides the request: the stack's prefix, the image it runs, an optional pull secret. */
export interface ObjectContext { prefix: string; image: string; imagePullSecret?: string }

const hash = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 8);

/** A label value (at most 63 of `[A-Za-z0-9._-]`, alphanumeric at both ends); the exact value goes into an annotation. */
export function labelValue(v: string): string {
  return v.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 63).replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, '');
}

/**
 * The name of the Secret, Deployment and Service of one revision of a deployment:
 * `<prefix>-<name>[-<tenant>]-<revision prefix>` as a DNS-1035 label, with a hash of the deployment
 * id and revision when it had to be shortened or changed. One set per revision, so during an update
 * the outgoing revision's pods and Service stay untouched beside the new one's
 * (docs/hosting.md#updates-without-downtime).
 */
export function objectName(prefix: string, spec: Pick<DeploymentSpec, '_id' | 'name' | 'tenant' | 'revision'>): string {
  const wanted = `${prefix}-${spec.name}${spec.tenant ? `-${spec.tenant}` : ''}-${spec.revision.slice(0, 8)}`;
  const clean = wanted.toLowerCase().replace(/[^a-z0-9-]/g, '-');
  if (clean === wanted && clean.length <= 63 && /^[a-z]/.test(clean)) return clean;
  return `${/^[a-z]/.test(clean) ? '' : 'm-'}${clean.slice(0, 50)}`.replace(/-+$/, '') + `-${hash(`${spec._id}@${spec.revision}`)}`;
}

/** Label selector of every object of the stack. */
export function stackSelector(prefix: string): string {
  return `${Labels.managed}=true,${Labels.prefix}=${labelValue(prefix)}`;
}

/** Labels that select one deployment's pods (Deployment selector, Service selector). */
export function selectorLabels(prefix: string, name: string): Record<string, string> {
  return { [Labels.managed]: 'true', [Labels.prefix]: labelValue(prefix), [Labels.deployment]: name };
}

function metadata(ctx: ObjectContext, spec: DeploymentSpec) {
  const name = objectName(ctx.prefix, spec);
  return {
    name,
    labels: {
      ...selectorLabels(ctx.prefix, name), [Labels.revision]: spec.revision, [Labels.application]: labelValue(spec.applicationId),
      [Labels.applicationName]: labelValue(spec.name), [Labels.version]: labelValue(spec.version), [Labels.tenant]: labelValue(spec.tenant ?? ''),
    },
    annotations: { [Labels.deployment]: spec._id, [Labels.version]: spec.version, [Labels.tenant]: spec.tenant ?? '' },
  };
}

/** The deployment's environment (ContainerEnvironment, docs/microservices.md) as a Secret, so no value is inline in the Deployment. */
export function secretOf(ctx: ObjectContext, req: InstanceRequest): V1Secret {
  return { apiVersion: 'v1', kind: 'Secret', metadata: metadata(ctx, req.spec), type: 'Opaque', stringData: { ...req.env } };
}

/** A manifest probe (domain/probes, timings filled in) as a Kubernetes probe. */
export function probeOf(p: Probe): V1Probe {
  const { initialDelaySeconds, periodSeconds, timeoutSeconds, failureThreshold } = p;
  const check = 'httpGet' in p ? { httpGet: { path: p.httpGet.path, port: p.httpGet.port } }
    : 'tcpSocket' in p ? { tcpSocket: { port: p.tcpSocket.port } } : { exec: { command: [...p.exec.command] } };
  return { ...check, initialDelaySeconds, periodSeconds, timeoutSeconds, failureThreshold };
}

/** Ports the container serves: 80, and any port a probe names. */
export function containerPorts(spec: DeploymentSpec): number[] {
  return [...new Set([80, ...probePorts(spec.probes)])].sort((a, b) => a - b);
}

/**
 * The Deployment: `replicas` pods of the image, environment from the Secret of the same name,
 * memory and CPU as limits and requests, the manifest's probes (readiness defaulting to
 * `GET /health` on 80, as the orchestrator's own prober does), no service-account token.
 */
export function deploymentOf(ctx: ObjectContext, spec: DeploymentSpec, replicas: number): V1Deployment {
  const meta = metadata(ctx, spec);
  const resources = { memory: spec.resources.memory, cpu: spec.resources.cpu };
  return {
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: meta,
    spec: {
      replicas,
      selector: { matchLabels: selectorLabels(ctx.prefix, meta.name) },
      template: {
        metadata: { labels: meta.labels, annotations: meta.annotations },
        spec: {
          automountServiceAccountToken: false,
          ...(ctx.imagePullSecret ? { imagePullSecrets: [{ name: ctx.imagePullSecret }] } : {}),
          containers: [{
            name: 'microservice', image: ctx.image, imagePullPolicy: 'IfNotPresent',
            envFrom: [{ secretRef: { name: meta.name } }],
            ports: containerPorts(spec).map((p) => ({ name: p === 80 ? 'http' : `port-${p}`, containerPort: p, protocol: 'TCP' })),
            resources: { limits: resources, requests: resources },
            readinessProbe: probeOf(spec.probes.readiness),
            ...(spec.probes.liveness ? { livenessProbe: probeOf(spec.probes.liveness) } : {}),
          }],
        },
      },
    },
  };
}

/**
 * The Service: ClusterIP, one port per container port, so the gateway reaches the deployment's
 * ready pods at `<name>.<namespace>.svc:<port>` by cluster DNS, whichever node it runs on.
 */
export function serviceOf(ctx: ObjectContext, spec: DeploymentSpec): V1Service {
  const meta = metadata(ctx, spec);
  return {
    apiVersion: 'v1', kind: 'Service', metadata: meta,
    spec: {
      type: 'ClusterIP', selector: selectorLabels(ctx.prefix, meta.name),
      ports: containerPorts(spec).map((p) => ({ name: p === 80 ? 'http' : `port-${p}`, port: p, targetPort: p, protocol: 'TCP' })),
    },
  };
}
