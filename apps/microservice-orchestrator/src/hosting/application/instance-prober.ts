import { Inject, Injectable } from '@nestjs/common';
import type { OrchestratorConfig } from '../../config/microservice-orchestrator.env';
import { ORCHESTRATOR_CONFIG } from '../../config/orchestrator-config.token';
import type { DeploymentDocument, InstanceState } from '../domain/deployment';
import { afterProbe, probeDue, ProbeState } from '../domain/instance-health';
import type { Probe } from '../domain/probes';
import { probeHttp, ProbeResult, probeTcp } from '../infrastructure/health-probe';
import { ObservedInstance, RUNTIME_DRIVER, RuntimeDriver } from './ports/runtime-driver';

/** What probing an instance found: its state (with its last readiness failure while not healthy), and why it must be restarted when its liveness probe failed too often. */
export interface ProbeOutcome { instance: InstanceState; livenessFailure?: string }

/**
 * Runs the manifest's probes against running instances, from the orchestrator: httpGet and
 * tcpSocket on the port the instance is reached on, exec inside it through the runtime. An instance
 * whose runtime probes it itself (`ready` set) is not probed: the runtime's verdict stands. Readiness is
 * probed at every pass until it first passes, then every `periodSeconds`; an instance is ready
 * after one pass and unready after `failureThreshold` failures in a row. Liveness failing
 * `failureThreshold` times in a row asks for a restart.
 */
@Injectable()
export class InstanceProber {
  private readonly states = new Map<string, { ready: ProbeState; live: ProbeState; lastFailure?: string; lastAnswer?: string }>();

  constructor(@Inject(RUNTIME_DRIVER) private readonly driver: RuntimeDriver, @Inject(ORCHESTRATOR_CONFIG) private readonly config: OrchestratorConfig) {}

  async probe(d: DeploymentDocument, i: ObservedInstance, now: number): Promise<ProbeOutcome> {
    const fresh = (): ProbeState => ({ healthy: false, failures: 0, lastProbeAt: 0, firstSeenAt: now });
    const state = this.states.get(i.id) ?? { ready: fresh(), live: { ...fresh(), healthy: true } };
    const { readiness, liveness } = d.probes;
    if (i.ready !== undefined) {
      // The runtime probes the instance itself and restarts it when its liveness probe fails (Kubernetes).
      state.ready = { ...state.ready, healthy: i.ready, failures: i.ready ? 0 : state.ready.failures + 1, lastProbeAt: now };
      state.lastFailure = i.ready ? undefined : `not ready (${i.state})`;
      state.lastAnswer = undefined;
    } else if (probeDue(state.ready, readiness, now, !state.ready.healthy)) {
      const result = await this.check(readiness, i);
      state.ready = afterProbe(state.ready, readiness, result.ok, now);
      state.lastFailure = result.ok ? undefined : result.detail ?? 'readiness probe failed';
      state.lastAnswer = 'httpGet' in readiness && readiness.httpGet.path === '/health' ? result.answer : undefined;
    }
    let livenessFailure: string | undefined;
    if (liveness && i.ready === undefined && probeDue(state.live, liveness, now)) {
      const result = await this.check(liveness, i);
      state.live = afterProbe(state.live, liveness, result.ok, now);
      if (!result.ok && state.live.failures >= liveness.failureThreshold) {
        livenessFailure = `liveness probe of ${i.name} failed ${state.live.failures} times in a row: ${result.detail ?? 'no detail'}`;
      }
    }
    this.states.set(i.id, state);
    const previous = d.instances.find((x) => x.id === i.id);
    const endpoint = i.ports[80] ? `http://${this.hostOf(i)}:${i.ports[80]}` : undefined;
    return {
      instance: {
        id: i.id, name: i.name, ...(endpoint ? { endpoint } : {}), healthy: state.ready.healthy, failures: state.ready.failures,
        startedAt: previous?.startedAt ?? new Date(state.ready.firstSeenAt).toISOString(),
        ...(!state.ready.healthy ? { reason: state.lastFailure ?? 'not probed yet', ...(state.lastAnswer ? { health: state.lastAnswer } : {}) } : {}),
      },
      ...(livenessFailure ? { livenessFailure } : {}),
    };
  }

  /** Forgets instances that are gone. */
  retain(live: Set<string>): void {
    for (const id of [...this.states.keys()]) if (!live.has(id)) this.states.delete(id);
  }

  /** Where an instance's ports are reached: its own address on the driver's network, else `BERTH_CONTAINER_HOST`. */
  private hostOf(i: ObservedInstance): string {
    return i.host ?? this.config.BERTH_CONTAINER_HOST;
  }

  private async check(probe: Probe, i: ObservedInstance): Promise<ProbeResult> {
    const host = this.hostOf(i);
    const timeoutMs = probe.timeoutSeconds * 1000;
    if ('exec' in probe) {
      const code = await this.driver.exec(i.id, probe.exec.command, timeoutMs).catch(() => -1);
      return code === 0 ? { ok: true } : { ok: false, detail: code === -1 ? `${probe.exec.command.join(' ')} did not finish` : `${probe.exec.command.join(' ')} exited with ${code}` };
    }
    const port = 'httpGet' in probe ? probe.httpGet.port : probe.tcpSocket.port;
    const published = i.ports[port];
    if (!published) return { ok: false, detail: `port ${port} is not published` };
    return 'httpGet' in probe ? probeHttp(`http://${host}:${published}${probe.httpGet.path}`, timeoutMs) : probeTcp(host, published, timeoutMs);
  }
}
