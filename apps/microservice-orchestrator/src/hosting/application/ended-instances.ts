import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { PINO } from '@berth/runtime';
import type { OrchestratorConfig } from '../../config/microservice-orchestrator.env';
import { ORCHESTRATOR_CONFIG } from '../../config/orchestrator-config.token';
import type { DeploymentDocument } from '../domain/deployment';
import { endedName, keptTail } from '../domain/ended-instance';
import { EndedInstancesStore } from '../infrastructure/ended-instances.store';
import { HostingStore } from '../infrastructure/hosting.store';
import { ExitState, ObservedInstance, RUNTIME_DRIVER, RuntimeDriver } from './ports/runtime-driver';

/** The most lines read of an ended instance before the byte bound applies. */
const LINES_READ = 10_000;

/** How an instance ended, as the reconciler saw it: its exit state when it stopped by itself. */
export interface Ending { reason: string; exit?: ExitState }

/**
 * Removes instances for the reconciler and the updates, keeping the last output of each first
 * (`BERTH_ENDED_INSTANCE_LOG_BYTES`, the newest `BERTH_ENDED_INSTANCES_KEPT` of an application),
 * so a crash loop or a replaced version can still be read (docs/hosting.md#logs-of-ended-instances).
 * Nothing is kept of a deleted application. Failing to keep it does not stop the removal.
 */
@Injectable()
export class EndedInstances {
  constructor(
    @Inject(RUNTIME_DRIVER) private readonly driver: RuntimeDriver,
    private readonly ended: EndedInstancesStore,
    private readonly store: HostingStore,
    @Inject(ORCHESTRATOR_CONFIG) private readonly config: OrchestratorConfig,
    @Inject(PINO) private readonly logger: Logger,
  ) {}

  /** Keeps the output of `c` (an instance of deployment `d`, when it still exists), then removes it. */
  async remove(c: ObservedInstance, ending: Ending, d?: DeploymentDocument): Promise<void> {
    this.logger.info({ container: c.name, deployment: c.deploymentId, why: ending.reason }, 'removing container');
    await this.keep(c, ending, d).catch((err) => this.logger.warn({ container: c.name, err }, 'could not keep the output of an ended instance'));
    await this.driver.remove(c.id);
  }

  private async keep(c: ObservedInstance, { reason, exit }: Ending, d?: DeploymentDocument): Promise<void> {
    const kept = this.config.BERTH_ENDED_INSTANCES_KEPT;
    if (kept === 0 || !c.deploymentId) return;
    const [applicationId, tenant] = c.deploymentId.split('/');
    if ((await this.store.application(applicationId))?.deleted !== false) return;
    const { lines, cut } = keptTail(await this.driver.logs(c.id, { limit: LINES_READ }), this.config.BERTH_ENDED_INSTANCE_LOG_BYTES);
    const name = endedName(c.name, c.id);
    const known = d ? [...d.instances, ...(d.outgoing?.instances ?? [])].find((i) => i.id === c.id) : undefined;
    const version = d ? (c.revision === d.outgoing?.revision ? d.outgoing.version : c.revision === d.revision ? d.version : undefined) : undefined;
    await this.ended.keep({
      _id: `${c.deploymentId}/${name}`, name, applicationId, deploymentId: c.deploymentId, ...(tenant ? { tenant } : {}),
      ...(version ? { version } : {}), ...(known ? { startedAt: known.startedAt } : {}),
      endedAt: exit?.finishedAt && Date.parse(exit.finishedAt) > 0 ? new Date(exit.finishedAt).toISOString() : new Date().toISOString(),
      reason, ...(exit?.exitCode !== undefined ? { exitCode: exit.exitCode } : {}), lines, cut,
    }, kept);
  }
}
