import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { memoryBytes, nanoCpus } from '@berth/contracts';
import { PINO } from '@berth/runtime';
import type { OrchestratorConfig } from '../../config/microservice-orchestrator.env';
import { ORCHESTRATOR_CONFIG } from '../../config/orchestrator-config.token';
import type { DeploymentDocument } from '../domain/deployment';
import { restartBackoffMs } from '../domain/instance-health';
import { abandoned } from '../domain/rollout';
import { probePorts } from '../domain/probes';
import { DeployJob, DeployQueue, PermanentDeployError } from '../infrastructure/deploy-queue';
import { HostingStore } from '../infrastructure/hosting.store';
import { ImageFiller } from '../infrastructure/layers/image-filler';
import { BrokenBinaryError, RegistryBinaries } from '../infrastructure/registry-binaries';
import { binaryImage } from './binary-images';
import { ContainerEnvironment } from './container-environment';
import { RUNTIME_DRIVER, RuntimeDriver } from './ports/runtime-driver';

/** The instance name of replica `slot` of a deployment: one per slot, so a repeated start never makes a second one. */
export function instanceName(prefix: string, d: DeploymentDocument, slot: number): string {
  return `${prefix}-${d.name}${d.tenant ? `-${d.tenant}` : ''}-${d.revision.slice(0, 8)}-${slot}`;
}

/**
 * Runs deploy jobs: loads the image from the registry when the runtime lacks it, then creates and
 * starts the instance of one replica slot, recording each stage with its time. A job of a
 * replaced or abandoned revision, or whose instance already runs, does nothing. A broken image fails the
 * deployment for good; other errors are retried by the queue, and the last failed attempt counts
 * as a restart with back-off.
 */
@Injectable()
export class Deployer {
  constructor(
    @Inject(RUNTIME_DRIVER) private readonly driver: RuntimeDriver,
    private readonly binaries: RegistryBinaries,
    private readonly filler: ImageFiller,
    private readonly store: HostingStore,
    private readonly environment: ContainerEnvironment,
    queue: DeployQueue,
    @Inject(ORCHESTRATOR_CONFIG) private readonly config: OrchestratorConfig,
    @Inject(PINO) private readonly logger: Logger,
  ) {
    queue.handle((job, attempt, final) => this.deploy(job, attempt, final));
  }

  async deploy(job: DeployJob, attempt: number, final: boolean): Promise<string> {
    const d = await this.store.deployment(job.deploymentId);
    if (!d || d.revision !== job.revision || d.failed || abandoned(d)) return 'obsolete';
    const name = instanceName(this.config.BERTH_DB_PREFIX, d, job.slot);
    const existing = (await this.driver.list()).find((i) => i.name === name);
    if (existing?.running) return 'running';
    // A job queued from an observation taken before the slot's container ran and exited must not start it again at
    // once: that exit is the reconciler's to count as a restart, and the slot waits for its back-off.
    if (existing?.state === 'exited') return 'exited';
    if (d.retryAt && Date.parse(d.retryAt) > Date.now()) return 'backing off';
    await this.store.record(d, {}, 'Deploying', `replica ${job.slot}, attempt ${attempt}`);
    try {
      const image = await this.image(d);
      const id = await this.driver.run({
        spec: d, slot: job.slot, image, name, env: await this.environment.of(d), ports: probePorts(d.probes),
        memoryBytes: memoryBytes(d.resources.memory), nanoCpus: nanoCpus(d.resources.cpu),
      });
      this.logger.info({ deployment: d._id, container: name, version: d.version }, 'container started');
      await this.store.record(d, {}, 'ContainerStarted', name);
      return id;
    } catch (err) {
      const reason = (err as Error).message.slice(0, 500);
      const lastFailure = { at: new Date().toISOString(), reason };
      this.logger.warn({ deployment: d._id, attempt, reason }, 'deploy step failed');
      if (err instanceof PermanentDeployError) await this.store.record(d, { failed: true, lastFailure }, 'Failed', reason);
      else if (!final) await this.store.record(d, { lastFailure }, 'StartRetry', `attempt ${attempt}: ${reason}`);
      else {
        const retryAt = new Date(Date.now() + restartBackoffMs(d.restarts + 1, this.config.BERTH_RESTART_BACKOFF_MS, this.config.BERTH_RESTART_BACKOFF_MAX_MS));
        await this.store.record(d, { lastFailure, retryAt: retryAt.toISOString() }, 'StartFailed', reason, 1);
      }
      throw err;
    }
  }

  /**
   * The image of the deployment's binary, loaded from the registry when the runtime lacks it, with
   * the platform base layers its archive leaves out added (docs/microservices.md#platform-base-layers).
   */
  private async image(d: DeploymentDocument): Promise<string> {
    const image = binaryImage(d.binaryId);
    if (await this.driver.hasImage(image)) return image;
    await this.store.record(d, {}, 'ImageLoading', `binary ${d.binaryId}`);
    try {
      await this.binaries.withImage(d.applicationId, d.binaryId, d.ownerTenant, async (openImage) => {
        const archive = await this.filler.fill(openImage);
        try {
          await this.driver.loadImage(archive, image);
        } finally {
          archive.destroy();
        }
      });
    } catch (err) {
      if (err instanceof BrokenBinaryError || (err as { statusCode?: number }).statusCode === 500 || /image load/.test((err as Error).message)) {
        throw new PermanentDeployError(`image.tar of version ${d.version} could not be loaded: ${(err as Error).message}`);
      }
      throw err;
    }
    await this.store.record(d, {}, 'ImageLoaded');
    return image;
  }
}
