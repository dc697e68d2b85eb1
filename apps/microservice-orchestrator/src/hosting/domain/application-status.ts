import type { DeploymentDocument } from './deployment';

export type StatusValue = 'Up' | 'Unhealthy' | 'Down' | 'Unknown';

export interface ApplicationStatus {
  applicationId: string;
  status: StatusValue;
  version?: string;
  restarts: number;
  instances: Array<{ name: string; tenant?: string; healthy: boolean; startedAt: string }>;
  lastFailure?: { at: string; reason: string };
}

/**
 * The status of an application over its deployments: Unknown when nothing is deployed, Up when
 * every deployment has all its replicas healthy, Down when some deployment has no healthy
 * instance, Unhealthy otherwise (some, not all, replicas healthy).
 */
export function applicationStatus(applicationId: string, deployments: DeploymentDocument[]): ApplicationStatus {
  const instances = deployments.flatMap((d) => d.instances.map((i) => ({ name: i.name, ...(d.tenant ? { tenant: d.tenant } : {}), healthy: i.healthy, startedAt: i.startedAt })));
  const failures = deployments.map((d) => d.lastFailure).filter((f): f is NonNullable<typeof f> => !!f).sort((a, b) => b.at.localeCompare(a.at));
  const healthyOf = (d: DeploymentDocument) => d.instances.filter((i) => i.healthy).length;
  const status: StatusValue = deployments.length === 0 ? 'Unknown'
    : deployments.some((d) => healthyOf(d) === 0) ? 'Down'
      : deployments.every((d) => healthyOf(d) >= d.replicas) ? 'Up' : 'Unhealthy';
  return {
    applicationId, status, ...(deployments[0] ? { version: deployments[0].version } : {}),
    restarts: deployments.reduce((n, d) => n + d.restarts, 0), instances, ...(failures[0] ? { lastFailure: failures[0] } : {}),
  };
}
