import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { PINO } from '@berth/runtime';
import type { OrchestratorConfig } from '../../config/microservice-orchestrator.env';
import { ORCHESTRATOR_CONFIG } from '../../config/orchestrator-config.token';
import type { DeploymentDocument, OutgoingRevision, RollbackRecord } from '../domain/deployment';
import { abandoned, rolloutStep } from '../domain/rollout';
import { HostingStore } from '../infrastructure/hosting.store';
import { RegistryVersions } from '../infrastructure/registry-versions';
import { EndedInstances } from './ended-instances';
import { InstanceProber } from './instance-prober';
import { isStopped, ObservedInstance } from './ports/runtime-driver';

/** A stage to record: its name and detail. */
export type Stage = [stage: string, detail?: string];

/**
 * Carries updates out for the reconciler (docs/hosting.md#updates-without-downtime; the decisions
 * are `rolloutStep`'s): keeps the outgoing revision's instances probed, moves the route to the new
 * revision, removes the outgoing instances once drained, and abandons a failed new revision —
 * removing its instances and asking the registry to make the version that kept serving the active
 * one again.
 */
@Injectable()
export class Rollouts {
  constructor(
    private readonly ended: EndedInstances,
    private readonly prober: InstanceProber,
    private readonly store: HostingStore,
    private readonly registry: RegistryVersions,
    @Inject(ORCHESTRATOR_CONFIG) private readonly config: OrchestratorConfig,
    @Inject(PINO) private readonly logger: Logger,
  ) {}

  /**
   * The outgoing revision as the runtime shows it now: stopped instances removed (never started
   * again: the new revision replaces them), instances failing liveness removed, the others probed
   * with the outgoing revision's own probes. Undefined when the deployment has none.
   */
  async observe(d: DeploymentDocument, containers: ObservedInstance[], now: number): Promise<OutgoingRevision | undefined> {
    const o = d.outgoing;
    if (!o) return undefined;
    for (const c of containers.filter(isStopped)) await this.ended.remove(c, { reason: `outgoing instance stopped (${c.state})` }, d);
    const running = containers.filter((c) => c.running);
    const view: DeploymentDocument = { ...d, probes: o.probes, instances: o.instances };
    const outcomes = await Promise.all(running.map((c) => this.prober.probe(view, c, now)));
    for (const [n, outcome] of outcomes.entries()) if (outcome.livenessFailure) await this.ended.remove(running[n], { reason: 'outgoing instance failed its liveness probe' }, d);
    return { ...o, instances: outcomes.filter((x) => !x.livenessFailure).map((x) => x.instance) };
  }

  /**
   * Takes the update of `d` (as this pass saw it) one step on; resolves to the deployment after it
   * and the stages to record. `current` and `outgoing` are the runtime's instances of both revisions.
   */
  async advance(d: DeploymentDocument, current: ObservedInstance[], outgoing: ObservedInstance[], now: number): Promise<{ next: DeploymentDocument; stages: Stage[] }> {
    const o = d.outgoing;
    const step = rolloutStep(d, now, { drainMs: this.config.BERTH_DRAIN_MS, maxRestarts: this.config.BERTH_ROLLOUT_MAX_RESTARTS });
    if (!o || step.kind === 'wait') return { next: d, stages: [] };
    const at = new Date(now).toISOString();
    if (step.kind === 'switch') {
      this.logger.info({ deployment: d._id, from: o.version, to: d.version }, 'route switched to the new version');
      return { next: { ...d, outgoing: { ...o, switchedAt: at } }, stages: [['Switched', `version ${d.version} serves; ${o.version} drains`]] };
    }
    if (step.kind === 'retire') {
      for (const c of outgoing) await this.ended.remove(c, { reason: 'drained' }, d);
      return { next: { ...d, outgoing: undefined }, stages: o.instances.length ? [['Drained', `version ${o.version} stopped`]] : [] };
    }
    this.logger.warn({ deployment: d._id, from: d.version, to: o.version, reason: step.reason }, 'update failed; rolling back');
    for (const c of current) await this.ended.remove(c, { reason: 'update failed' }, d);
    const rollback: RollbackRecord = {
      revision: d.revision, from: d.version, to: o.version, at, reason: step.reason, ...(o.binaryId !== d.binaryId ? { activation: 'pending' as const } : {}),
    };
    return {
      next: { ...d, instances: [], rollback, lastFailure: { at, reason: step.reason.slice(0, 500) }, retryAt: undefined },
      stages: [['RolloutFailed', step.reason.slice(0, 500)], ['RolledBack', `version ${o.version} keeps serving`]],
    };
  }

  /**
   * Asks the registry to make the version that kept serving the active one again, while a rollback
   * of `d` waits for that; records the outcome (and so asks once, unless the registry could not be
   * reached). Its activation event then makes the outgoing revision the deployment's own again.
   */
  async activateAgain(d: DeploymentDocument): Promise<void> {
    const { rollback, outgoing } = d;
    if (!rollback || !outgoing || !abandoned(d) || rollback.activation !== 'pending') return;
    try {
      const outcome = await this.registry.activateAgain(d.applicationId, d.ownerTenant, outgoing.version, outgoing.binaryId, d.binaryId);
      const refusal = outcome.kind === 'refused' ? { refusal: outcome.reason } : {};
      await this.store.record(d, { rollback: { ...rollback, activation: outcome.kind, ...refusal } },
        outcome.kind === 'activated' ? 'Reactivated' : outcome.kind === 'refused' ? 'ReactivationRefused' : undefined,
        outcome.kind === 'activated' ? `version ${outgoing.version}` : outcome.kind === 'refused' ? outcome.reason : undefined);
    } catch (err) {
      this.logger.warn({ deployment: d._id, err }, 'could not activate the version that kept serving; the next pass asks again');
    }
  }
}
