import type { DeploymentDocument, DeploymentStage, InstanceState } from './deployment';
import { abandoned, servingSide } from './rollout';

export type StatusValue = 'Up' | 'Unhealthy' | 'Down' | 'Unknown' | 'Failed';

export interface StatusInstance {
  name: string;
  tenant?: string;
  healthy: boolean;
  startedAt: string;
  /** The version it runs. */
  version: string;
  /** Why it is not healthy: its last readiness probe's answer. */
  reason?: string;
}

/** An update under way: `to` starts beside `from`, which serves until the switch (`switchedAt`) and drains after it. */
export interface StatusRollout { from: string; to: string; since: string; switchedAt?: string; tenant?: string }

/** The last failed update: `from` was abandoned and `to` kept serving (see `RollbackRecord`). */
export interface StatusRollback { from: string; to: string; at: string; reason: string; activation?: string; refusal?: string; tenant?: string }

/** An instance that ended and whose container is gone; its kept output is read under `name` (docs/hosting.md#logs-of-ended-instances). */
export interface StatusEndedInstance { name: string; tenant?: string; version?: string; startedAt?: string; endedAt: string; reason: string; exitCode?: number }

export interface ApplicationStatus {
  applicationId: string;
  status: StatusValue;
  /** The version serving callers (during an update, the outgoing one until the switch). */
  version?: string;
  restarts: number;
  instances: StatusInstance[];
  lastFailure?: { at: string; reason: string };
  /** When a crashed instance is started again (back-off), if one waits. */
  nextRestartAt?: string;
  /** Each deployment's stages with their times, oldest first (for PER_TENANT, with the tenant). */
  stages: Array<DeploymentStage & { tenant?: string }>;
  rollout?: StatusRollout;
  rollback?: StatusRollback;
  /** The ended instances whose output is kept, newest first. */
  endedInstances?: StatusEndedInstance[];
}

const instanceOf = (d: DeploymentDocument, i: InstanceState, version: string): StatusInstance => ({
  name: i.name, ...(d.tenant ? { tenant: d.tenant } : {}), healthy: i.healthy, startedAt: i.startedAt, version, ...(!i.healthy && i.reason ? { reason: i.reason } : {}),
});

/**
 * The status of an application over its deployments, judged on the instances serving callers
 * (`servingSide`: during an update, the outgoing revision's until the switch): Unknown when
 * nothing is deployed, Failed when a deployment cannot run as it is (broken image), Up when every
 * deployment has all its replicas healthy, Down when some deployment has no healthy instance,
 * Unhealthy otherwise. It lists the instances of both revisions during an update, the update
 * under way and the last rollback (the newest of any deployment).
 */
export function applicationStatus(applicationId: string, deployments: DeploymentDocument[], now = Date.now()): ApplicationStatus {
  const serving = deployments.map(servingSide);
  const instances = deployments.flatMap((d) => [
    ...d.instances.map((i) => instanceOf(d, i, d.version)),
    ...(d.outgoing?.instances ?? []).map((i) => instanceOf(d, i, d.outgoing!.version)),
  ]);
  const failures = deployments.map((d) => d.lastFailure).filter((f): f is NonNullable<typeof f> => !!f).sort((a, b) => b.at.localeCompare(a.at));
  const healthyOf = (s: (typeof serving)[number]) => s.instances.filter((i) => i.healthy).length;
  const status: StatusValue = deployments.length === 0 ? 'Unknown'
    : serving.some((s) => s.failed) ? 'Failed'
      : serving.some((s) => healthyOf(s) === 0) ? 'Down'
        : serving.every((s) => healthyOf(s) >= s.replicas) ? 'Up' : 'Unhealthy';
  const waiting = deployments.map((d) => d.retryAt).filter((t): t is string => !!t && Date.parse(t) > now).sort();
  const stages = deployments.flatMap((d) => d.stages.map((s) => ({ ...s, ...(d.tenant ? { tenant: d.tenant } : {}) }))).sort((a, b) => a.at.localeCompare(b.at));
  const tenantOf = (d: DeploymentDocument) => (d.tenant ? { tenant: d.tenant } : {});
  const rollout = deployments.filter((d) => d.outgoing && !abandoned(d)).map((d): StatusRollout => ({
    from: d.outgoing!.version, to: d.version, since: d.outgoing!.since, ...(d.outgoing!.switchedAt ? { switchedAt: d.outgoing!.switchedAt } : {}), ...tenantOf(d),
  }))[0];
  const rollback = deployments.filter((d) => d.rollback).map((d): StatusRollback => {
    const { from, to, at, reason, activation, refusal } = d.rollback!;
    return { from, to, at, reason, ...(activation ? { activation } : {}), ...(refusal ? { refusal } : {}), ...tenantOf(d) };
  }).sort((a, b) => b.at.localeCompare(a.at))[0];
  return {
    applicationId, status, ...(serving[0] ? { version: serving[0].version } : {}),
    restarts: deployments.reduce((n, d) => n + d.restarts, 0), instances, ...(failures[0] ? { lastFailure: failures[0] } : {}),
    ...(waiting[0] ? { nextRestartAt: waiting[0] } : {}), stages, ...(rollout ? { rollout } : {}), ...(rollback ? { rollback } : {}),
  };
}
