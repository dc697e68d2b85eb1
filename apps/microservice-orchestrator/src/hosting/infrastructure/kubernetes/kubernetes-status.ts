import type { V1ContainerStatus, V1Deployment, V1Pod, V1Service } from '@kubernetes/client-node';
import type { ExitState, ObservedInstance } from '../../application/ports/runtime-driver';
import { Labels } from '../docker/container-labels';

/** Waiting reasons after which the container will not serve without a new attempt: the pod counts as stopped. */
const STUCK = new Set(['CrashLoopBackOff', 'ImagePullBackOff', 'ErrImagePull', 'InvalidImageName', 'CreateContainerConfigError', 'CreateContainerError', 'RunContainerError']);

/** The Service's node ports by port. */
export function nodePorts(service: V1Service): Record<number, number> {
  return Object.fromEntries((service.spec?.ports ?? []).filter((p) => p.nodePort).map((p) => [p.port, p.nodePort!]));
}

const container = (pod: V1Pod): V1ContainerStatus | undefined => pod.status?.containerStatuses?.[0];

/**
 * A pod as an instance. It is running while Pending or Running and its container is not stuck
 * (`STUCK` waiting reasons) or terminated; its state is the container's waiting or terminated
 * reason, else the pod's phase, in lower case for the phase. It has its Service's `ports` only
 * while the pod is Ready (its readiness probe passes), so a pod that is not is neither probed
 * nor routed to by the orchestrator.
 */
export function instanceOf(pod: V1Pod, slot: number, ports: Record<number, number>): ObservedInstance {
  const phase = pod.status?.phase ?? 'Pending';
  const c = container(pod);
  const waiting = c?.state?.waiting?.reason;
  const terminated = c?.state?.terminated;
  const running = (phase === 'Pending' || phase === 'Running') && !terminated && !(waiting && STUCK.has(waiting));
  const ready = pod.status?.conditions?.some((x) => x.type === 'Ready' && x.status === 'True') ?? false;
  const name = pod.metadata?.name ?? '';
  return {
    id: name, name, deploymentId: pod.metadata?.annotations?.[Labels.deployment] ?? '', revision: pod.metadata?.labels?.[Labels.revision] ?? '', slot,
    running, state: waiting ?? (terminated ? terminated.reason ?? 'terminated' : phase.toLowerCase()), ports: running && ready ? ports : {},
  };
}

/**
 * A Deployment without pods, as an instance named like it: stopped when the ReplicaSet cannot make
 * pods (condition `ReplicaFailure`, e.g. a quota or an admission webhook refused them; its message
 * is the state), else starting (its pods are about to be made). So the reconciler removes one no
 * longer wanted, and replaces a failing one with back-off, the reason recorded.
 */
export function podlessOf(d: V1Deployment): ObservedInstance {
  const failure = d.status?.conditions?.find((c) => c.type === 'ReplicaFailure' && c.status === 'True');
  const name = d.metadata?.name ?? '';
  return {
    id: name, name, deploymentId: d.metadata?.annotations?.[Labels.deployment] ?? '', revision: d.spec?.template.metadata?.labels?.[Labels.revision] ?? '', slot: 0,
    running: !failure, state: failure ? `ReplicaFailure: ${failure.message ?? failure.reason ?? ''}`.trim() : 'starting', ports: {},
  };
}

/**
 * How the pod's container last ended: the current or last termination's exit code and reason
 * (`OOMKilled` as `oomKilled`), with a waiting reason (e.g. `CrashLoopBackOff`) and the restart
 * count in `error`. Undefined when it never ended and is not stuck.
 */
export function exitStateOf(pod: V1Pod): ExitState | undefined {
  const c = container(pod);
  const ended = c?.state?.terminated ?? c?.lastState?.terminated;
  const waiting = c?.state?.waiting;
  if (!ended && !(waiting?.reason && STUCK.has(waiting.reason))) return undefined;
  const restarts = c?.restartCount ? ` after ${c.restartCount} restart${c.restartCount === 1 ? '' : 's'}` : '';
  const why = [waiting?.reason && `${waiting.reason}${restarts}${waiting.message ? `: ${waiting.message}` : ''}`, ended?.reason && ended.reason !== 'OOMKilled' ? `${ended.reason}${ended.message ? `: ${ended.message}` : ''}` : undefined]
    .filter(Boolean).join('; ');
  return {
    ...(ended ? { exitCode: ended.exitCode } : {}), oomKilled: ended?.reason === 'OOMKilled',
    ...(why ? { error: why } : {}), ...(ended?.finishedAt ? { finishedAt: new Date(ended.finishedAt).toISOString() } : {}),
  };
}
