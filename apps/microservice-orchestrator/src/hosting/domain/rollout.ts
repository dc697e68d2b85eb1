import type { DeploymentDocument, DeploymentSpec, InstanceState, OutgoingRevision } from './deployment';
import type { Probe } from './probes';

/**
 * Updates without downtime (docs/hosting.md#updates-without-downtime): when a deployment that
 * serves gets a new revision, the serving one stays as `outgoing` and keeps the route until every
 * replica of the new one is healthy; then the route switches and the outgoing instances drain and
 * go. A new revision that fails (cannot run, restarts too often, an instance not ready in time)
 * is abandoned: its instances go, the outgoing one keeps serving, and the rollback is recorded.
 */

/** What the rollout rules need besides the deployment. */
export interface RolloutRules {
  /** How long outgoing instances keep running after the route left them. */
  drainMs: number;
  /** Restarts of the new revision that fail the update. */
  maxRestarts: number;
}

export type RolloutStep =
  | { kind: 'wait' }
  | { kind: 'switch' }
  | { kind: 'retire' }
  | { kind: 'fail'; reason: string };

const healthy = (instances: InstanceState[]) => instances.filter((i) => i.healthy);

/** How long a new instance may take to pass its readiness probe: its initial delay, `failureThreshold` periods and one timeout. */
export function readinessDeadlineMs(p: Probe): number {
  return (p.initialDelaySeconds + p.periodSeconds * p.failureThreshold + p.timeoutSeconds) * 1000;
}

/** Whether the deployment's revision failed its update and was abandoned for the outgoing one. */
export function abandoned(d: Pick<DeploymentDocument, 'revision' | 'rollback' | 'outgoing'>): boolean {
  return !!d.outgoing && d.rollback?.revision === d.revision;
}

/** Whether the deployment's own revision serves callers: it can run and has a healthy instance. */
function servesItself(d: DeploymentDocument): boolean {
  return !d.failed && !abandoned(d) && healthy(d.instances).length > 0;
}

/** A change of a stored deployment: fields to set and fields to remove. */
export interface DeploymentChange { set: Partial<DeploymentDocument>; unset: Array<keyof DeploymentDocument> }

/**
 * What a stored deployment becomes when its spec gets another revision. The spec of the outgoing
 * revision (a rollback's activation, or the old version activated again) takes its instances back.
 * Otherwise the new revision starts with no instance, and the revision serving now stays as the
 * outgoing one: the outgoing revision while the route has not left it, else the deployment's own
 * when it has a healthy instance (instances still draining then go at once).
 */
export function changeOfRevision(existing: DeploymentDocument, spec: DeploymentSpec, now: Date): DeploymentChange {
  const o = existing.outgoing;
  if (o && o.revision === spec.revision) {
    const keepRollback = existing.rollback?.revision === existing.revision;
    return { set: { ...spec, failed: false, instances: o.instances }, unset: ['outgoing', 'retryAt', ...(keepRollback ? [] : ['rollback' as const])] };
  }
  const serving = o && !o.switchedAt ? o : servesItself(existing) ? existing : o;
  const outgoing: OutgoingRevision | undefined = serving && {
    revision: serving.revision, version: serving.version, binaryId: serving.binaryId, replicas: serving.replicas, probes: serving.probes,
    instances: serving.instances, since: now.toISOString(), restartsBefore: existing.restarts,
  };
  return {
    set: { ...spec, failed: false, instances: [], ...(outgoing ? { outgoing } : {}) },
    unset: ['retryAt', 'rollback', ...(outgoing ? [] : ['outgoing' as const])],
  };
}

/**
 * The next step of an update under way, from what the reconciler saw at `now`: `switch` once every
 * replica of the new revision is healthy; `retire` the outgoing revision once drained, or when
 * nothing of it runs any more; `fail` when the new revision cannot run, restarted `maxRestarts`
 * times, or has an instance not ready within its readiness deadline; else `wait`.
 */
export function rolloutStep(d: DeploymentDocument, now: number, rules: RolloutRules): RolloutStep {
  const o = d.outgoing;
  if (!o || abandoned(d)) return { kind: 'wait' };
  if (o.instances.length === 0) return { kind: 'retire' };
  if (o.switchedAt) return now - Date.parse(o.switchedAt) >= rules.drainMs ? { kind: 'retire' } : { kind: 'wait' };
  const why = d.lastFailure && Date.parse(d.lastFailure.at) >= Date.parse(o.since) ? `: ${d.lastFailure.reason}` : '';
  if (d.failed) return { kind: 'fail', reason: `version ${d.version} cannot run${why}` };
  const restarts = d.restarts - o.restartsBefore;
  if (restarts >= rules.maxRestarts) return { kind: 'fail', reason: `version ${d.version} restarted ${restarts} times${why}` };
  if (healthy(d.instances).length >= d.replicas) return { kind: 'switch' };
  const deadline = readinessDeadlineMs(d.probes.readiness);
  const late = d.instances.find((i) => !i.healthy && now - Date.parse(i.startedAt) > deadline);
  if (late) {
    return { kind: 'fail', reason: `instance ${late.name} of version ${d.version} was not ready within ${deadline / 1000} s${late.reason ? `: ${late.reason}` : ''}` };
  }
  return { kind: 'wait' };
}

/**
 * The instances the route lists: the healthy ones of the serving revision (the outgoing one until
 * the switch, the new one after), or those of the other when it has none, so a deployment with a
 * healthy instance is never routed nowhere.
 */
export function routedInstances(d: Pick<DeploymentDocument, 'instances' | 'outgoing'>): InstanceState[] {
  const fresh = healthy(d.instances);
  if (!d.outgoing) return fresh;
  const old = healthy(d.outgoing.instances);
  const [first, second] = d.outgoing.switchedAt ? [fresh, old] : [old, fresh];
  return first.length ? first : second;
}

/** The revision callers are served by: the outgoing one until the switch, else the deployment's own. */
export function servingSide(d: DeploymentDocument): { version: string; replicas: number; instances: InstanceState[]; failed: boolean } {
  const o = d.outgoing;
  if (o && !o.switchedAt) return { version: o.version, replicas: o.replicas, instances: o.instances, failed: false };
  return { version: d.version, replicas: d.replicas, instances: d.instances, failed: !!d.failed };
}
