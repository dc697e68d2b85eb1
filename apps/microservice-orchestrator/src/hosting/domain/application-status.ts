import type { DeploymentDocument, DeploymentStage } from './deployment';

export type StatusValue = 'Up' | 'Unhealthy' | 'Down' | 'Unknown' | 'Failed';

export interface ApplicationStatus {
  applicationId: string;
  status: StatusValue;
  version?: string;
  restarts: number;
  instances: Array<{ name: string; tenant?: string; healthy: boolean; startedAt: string }>;
  lastFailure?: { at: string; reason: string };
  /** When a crashed instance is started again (back-off), if one waits. */
  nextRestartAt?: string;
  /** Each deployment's stages with their times, oldest first (for PER_TENANT, with the tenant). */
  stages: Array<DeploymentStage & { tenant?: string }>;
}

/**
 * The status of an application over its deployments: Unknown when nothing is deployed, Failed
 * when a deployment cannot run as it is (broken image), Up when every deployment has all its
 * replicas healthy, Down when some deployment has no healthy instance, Unhealthy otherwise.
 */
export function applicationStatus(applicationId: string, deployments: DeploymentDocument[], now = Date.now()): ApplicationStatus {
  const instances = deployments.flatMap((d) => d.instances.map((i) => ({ name: i.name, ...(d.tenant ? { tenant: d.tenant } : {}), healthy: i.healthy, startedAt: i.startedAt })));
  const failures = deployments.map((d) => d.lastFailure).filter((f): f is NonNullable<typeof f> => !!f).sort((a, b) => b.at.localeCompare(a.at));
  const healthyOf = (d: DeploymentDocument) => d.instances.filter((i) => i.healthy).length;
  const status: StatusValue = deployments.length === 0 ? 'Unknown'
    : deployments.some((d) => d.failed) ? 'Failed'
      : deployments.some((d) => healthyOf(d) === 0) ? 'Down'
        : deployments.every((d) => healthyOf(d) >= d.replicas) ? 'Up' : 'Unhealthy';
  const waiting = deployments.map((d) => d.retryAt).filter((t): t is string => !!t && Date.parse(t) > now).sort();
  const stages = deployments.flatMap((d) => d.stages.map((s) => ({ ...s, ...(d.tenant ? { tenant: d.tenant } : {}) }))).sort((a, b) => a.at.localeCompare(b.at));
  return {
    applicationId, status, ...(deployments[0] ? { version: deployments[0].version } : {}),
    restarts: deployments.reduce((n, d) => n + d.restarts, 0), instances, ...(failures[0] ? { lastFailure: failures[0] } : {}),
    ...(waiting[0] ? { nextRestartAt: waiting[0] } : {}), stages,
  };
}
