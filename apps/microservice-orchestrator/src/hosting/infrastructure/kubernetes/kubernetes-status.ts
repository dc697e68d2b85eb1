import type { V1ContainerStatus, V1Deployment, V1Pod, V1Service } from '@kubernetes/client-node';
import type { ExitState, ObservedInstance } from '../../application/ports/runtime-driver';
import { Labels } from '../docker/container-labels';

/** Waiting reasons after which the container will not serve without a new attempt: the pod counts as stopped. */
const STUCK = new Set(['CrashLoopBackOff', 'ImagePullBackOff', 'ErrImagePull', 'InvalidImageName', 'CreateContainerConfigError', 'CreateContainerError', 'RunContainerError']);

/** Where a deployment's pods are reached: its Service's cluster DNS name, and the Service's ports (each equal to its container port). */
export interface ServiceAddress { host: string; ports: Record<number, number> }

/** The Service's address: `<name>.<namespace>.svc` and its ports. */
export function serviceAddress(service: V1Service, namespace: string): ServiceAddress {
  return {
    host: `${service.metadata?.name ?? ''}.${namespace}.svc`,
    ports: Object.fromEntries((service.spec?.ports ?? []).map((p) => [p.port, p.port])),
  };
}

const container = (pod: V1Pod): V1ContainerStatus | undefined => pod.status?.containerStatuses?.[0];

/**
 * A pod as an instance. It is running while Pending or Running and its container is not stuck
 * (`STUCK` waiting reasons) or terminated; its state is the container's waiting or terminated
 * reason, else the pod's phase, in lower case for the phase. `ready` is the pod's Ready condition
 * (the kubelet runs the manifest's probes); it has its Service's address only while it is ready,
 * so a pod that is not is not routed to.
 */
export function instanceOf(pod: V1Pod, slot: number, service?: ServiceAddress): ObservedInstance {
  const phase = pod.status?.phase ?? 'Pending';
  const c = container(pod);
  const waiting = c?.state?.waiting?.reason;
  const terminated = c?.state?.terminated;
  const running = (phase === 'Pending' || phase === 'Running') && !terminated && !(waiting && STUCK.has(waiting));
  const ready = pod.status?.conditions?.some((x) => x.type === 'Ready' && x.status === 'True') ?? false;
  const name = pod.metadata?.name ?? '';
  return {
    id: name, name, deploymentId: pod.metadata?.annotations?.[Labels.deployment] ?? '', revision: pod.metadata?.labels?.[Labels.revision] ?? '', slot,
    running, state: waiting ?? (terminated ? terminated.reason ?? 'terminated' : phase.toLowerCase()),
    ports: running && ready && service ? service.ports : {}, ...(service ? { host: service.host } : {}), ready: running && ready,
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
    running: !failure, state: failure ? `ReplicaFailure: ${failure.message ?? failure.reason ?? ''}`.trim() : 'starting', ports: {}, ready: false,
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
