/** The deployment status of a microservice (`GET /application/applications/{id}/status`, docs/api/hosting.md). */
export interface ApplicationStatus {
  applicationId: string;
  status: 'Up' | 'Unhealthy' | 'Down' | 'Unknown' | 'Failed';
  version?: string;
  restarts: number;
  instances: Instance[];
  lastFailure?: { at: string; reason: string };
  nextRestartAt?: string;
  stages: Stage[];
}

/** How often a page showing statuses asks for them again. */
export const STATUS_POLL_MS = 5000;

export interface Instance { name: string; tenant?: string; healthy: boolean; startedAt?: string }
export interface Stage { stage: string; at: string; detail?: string; tenant?: string }

/** What each status means, in the words of docs/hosting.md. */
export const STATUS_MEANING: Record<ApplicationStatus['status'], string> = {
  Up: 'every replica is healthy',
  Unhealthy: 'some replicas are healthy, not all',
  Down: 'a deployment has no healthy instance',
  Unknown: 'nothing is deployed: no active binary or no subscribed tenant',
  Failed: 'the binary cannot run; only a new version is tried again',
};

/** Stages that record an instance stopping; their detail names the instance. */
const STOP_STAGES = new Set(['InstanceExited', 'LivenessFailed']);

/** The recorded stops of one instance (a restarted instance keeps its slot's name), newest first. */
export function stopsOf(instance: string, stages: readonly Stage[]): Stage[] {
  const named = new RegExp(`(^|\\s)${instance.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|:|$)`);
  return stages.filter((s) => STOP_STAGES.has(s.stage) && s.detail !== undefined && named.test(s.detail)).reverse();
}

/** Why a microservice is not up, when the status says: the newest failure, and when the next start is due. */
export function downReason(status: ApplicationStatus): string | undefined {
  if (status.status === 'Up' || status.status === 'Unknown') return undefined;
  const reason = status.lastFailure?.reason ?? (status.status === 'Down' ? 'no instance has passed its readiness probe yet' : undefined);
  const next = status.nextRestartAt ? `the next start is due at ${status.nextRestartAt}` : undefined;
  if (reason && next) return `${reason} (${next})`;
  return reason ?? next;
}

/** "2 of 3 healthy" */
export function healthSummary(status: ApplicationStatus): string {
  const healthy = status.instances.filter((i) => i.healthy).length;
  return `${healthy} of ${status.instances.length} healthy`;
}
