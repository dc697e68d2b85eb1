import { createHash } from 'node:crypto';
import type { RuntimeOverrides } from '@berth/contracts';
import type { HostedApplication } from './hosted-application';
import { Probes, probesOf } from './probes';
import { DEFAULT_RESOURCES } from './resources';

export type Isolation = 'MULTI_TENANT' | 'PER_TENANT';

/** What one deployment runs: the same spec gives the same `revision`, so a container built from another one is replaced. */
export interface DeploymentSpec {
  /** `<applicationId>` for MULTI_TENANT, `<applicationId>/<tenant>` for PER_TENANT. */
  _id: string;
  applicationId: string;
  name: string;
  key?: string;
  ownerTenant: string;
  isolation: Isolation;
  version: string;
  binaryId: string;
  /** The tenant a PER_TENANT deployment serves, and the version of its subscription (part of the revision). */
  tenant?: string;
  subscriptionVersion?: number;
  replicas: number;
  resources: { cpu: string; memory: string };
  probes: Probes;
  /** Subscribed tenants (for PER_TENANT, the one tenant): who may call it. Not part of the revision. */
  tenants: string[];
  revision: string;
}

/**
 * One running container of a deployment, as the reconciler and the prober last saw it; `reason`:
 * why its last readiness probe failed; `health`: that probe's answer, when the probe is `GET /health`
 * and it answered a JSON object (at most 4 KiB), passed on by the gateway (docs/hosting.md#health-checks).
 */
export interface InstanceState { id: string; name: string; endpoint?: string; healthy: boolean; failures: number; startedAt: string; reason?: string; health?: string }

/**
 * The revision that served before the deployment's `revision` during an update: its instances keep
 * serving until every replica of the new one is healthy (`switchedAt`: the route moved to the new
 * one), then drain and are removed (docs/hosting.md#updates-without-downtime).
 */
export interface OutgoingRevision extends Pick<DeploymentSpec, 'revision' | 'version' | 'binaryId' | 'replicas' | 'probes'> {
  instances: InstanceState[];
  /** When the update began. */
  since: string;
  /** The deployment's restarts when the update began: those after it are the new revision's. */
  restartsBefore: number;
  switchedAt?: string;
}

/**
 * An update that failed: revision `revision` (version `from`) was abandoned and version `to` kept
 * serving. `activation`: making `to` the registry's active version again — `pending` until the
 * registry answered, `activated`, `superseded` (another version was activated meanwhile) or
 * `refused` (with `refusal`); absent when both are the same binary (a runtime option or a new
 * subscription made the new revision), where the active version stays as it is.
 */
export interface RollbackRecord {
  revision: string;
  from: string;
  to: string;
  at: string;
  reason: string;
  activation?: 'pending' | 'activated' | 'superseded' | 'refused';
  refusal?: string;
}

export interface DeploymentStage { stage: string; at: string; detail?: string }

/** A deployment as stored: its spec and what happened to it. */
export interface DeploymentDocument extends DeploymentSpec {
  instances: InstanceState[];
  restarts: number;
  stages: DeploymentStage[];
  lastFailure?: { at: string; reason: string };
  /** No new attempt before this time (back-off after a failed start or a crash). */
  retryAt?: string;
  failed?: boolean;
  outgoing?: OutgoingRevision;
  rollback?: RollbackRecord;
}

const record = (value: unknown): Record<string, any> => (value && typeof value === 'object' ? value as Record<string, any> : {});

/**
 * The deployments an application should have: none until a binary is active and a tenant is
 * subscribed, none once deleted; one for MULTI_TENANT, one per subscribed tenant for PER_TENANT.
 * The owner's runtime options override the manifest's replicas, CPU and memory (and so the revision).
 * A PER_TENANT deployment's revision includes the version of its tenant's subscription: a tenant
 * that unsubscribed and subscribed again has a new service user, so its containers, which carry the
 * old one's password, are replaced even when both events came between two reconcile passes.
 * A pure function of the projections, so recomputing it after any event is idempotent.
 */
export function desiredDeployments(
  app: HostedApplication | null, subscribed: string[], overrides: RuntimeOverrides = {}, subscriptionVersions: Readonly<Record<string, number>> = {},
): DeploymentSpec[] {
  if (!app || app.deleted || !app.binaryId || !app.version || subscribed.length === 0) return [];
  const manifest = record(app.manifest);
  const isolation: Isolation = manifest.isolation === 'PER_TENANT' ? 'PER_TENANT' : 'MULTI_TENANT';
  const res = record(manifest.resources);
  const resources = {
    cpu: overrides.cpu ?? String(res.cpu ?? DEFAULT_RESOURCES.cpu),
    memory: overrides.memory ?? String(res.memory ?? DEFAULT_RESOURCES.memory),
  };
  const replicas = overrides.replicas ?? (typeof manifest.replicas === 'number' && manifest.replicas >= 1 ? Math.min(5, Math.floor(manifest.replicas)) : 1);
  const tenants = [...new Set(subscribed)].sort();
  const base = {
    applicationId: app._id, name: app.name, ...(app.key ? { key: app.key } : {}), ownerTenant: app.ownerTenant, isolation,
    version: app.version, binaryId: app.binaryId, replicas, resources, probes: probesOf(manifest),
  };
  const spec = (id: string, forTenants: string[], tenant?: string): DeploymentSpec => {
    const version = tenant === undefined ? undefined : subscriptionVersions[tenant];
    const made = { ...base, _id: id, ...(tenant ? { tenant } : {}), ...(version === undefined ? {} : { subscriptionVersion: version }) };
    return { ...made, tenants: forTenants, revision: createHash('sha256').update(JSON.stringify(made)).digest('hex').slice(0, 16) };
  };
  return isolation === 'MULTI_TENANT'
    ? [spec(app._id, tenants)]
    : tenants.map((t) => spec(`${app._id}/${t}`, [t], t));
}
