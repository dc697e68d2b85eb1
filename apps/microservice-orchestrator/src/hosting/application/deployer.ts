import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { PINO } from '@berth/runtime';
import type { OrchestratorConfig } from '../../config/microservice-orchestrator.env';
import { ORCHESTRATOR_CONFIG } from '../../config/orchestrator-config.token';
import type { DeploymentDocument } from '../domain/deployment';
import { memoryBytes, nanoCpus } from '../domain/resources';
import { HostingStore } from '../infrastructure/hosting.store';
import { BrokenBinaryError, RegistryBinaries } from '../infrastructure/registry-binaries';
import { RUNTIME_DRIVER, RuntimeDriver } from './ports/runtime-driver';

/** A deployment that cannot succeed as it is (broken binary or image): retrying will not help. */
export class DeploymentFailed extends Error {}

/** Starts one instance of a deployment: loads its image from the registry when the engine lacks it, then creates and starts the container. */
@Injectable()
export class Deployer {
  constructor(
    @Inject(RUNTIME_DRIVER) private readonly driver: RuntimeDriver,
    private readonly binaries: RegistryBinaries,
    private readonly store: HostingStore,
    @Inject(ORCHESTRATOR_CONFIG) private readonly config: OrchestratorConfig,
    @Inject(PINO) private readonly logger: Logger,
  ) {}

  /** The container's environment (DESIGN.md section 6). The bootstrap user is not made yet: its user and password are empty. */
  environment(d: DeploymentDocument): Record<string, string> {
    const p = this.config.BERTH_ENV_PREFIX;
    return {
      [`${p}_BASEURL`]: this.config.BERTH_MICROSERVICE_BASEURL ?? this.config.BERTH_PUBLIC_URL,
      [`${p}_BOOTSTRAP_TENANT`]: d.ownerTenant,
      [`${p}_BOOTSTRAP_USER`]: '',
      [`${p}_BOOTSTRAP_PASSWORD`]: '',
      [`${p}_MICROSERVICE_ISOLATION`]: d.isolation,
      APPLICATION_NAME: d.name,
      APPLICATION_KEY: d.key ?? '',
      SERVER_PORT: '80',
      MEMORY_LIMIT: d.resources.memory,
      ...(d.tenant ? { [`${p}_TENANT`]: d.tenant } : {}),
    };
  }

  /** @throws DeploymentFailed for a broken binary or image; Error for anything worth retrying. */
  async start(d: DeploymentDocument): Promise<{ id: string; name: string }> {
    const image = `localhost/berth-binary:${d.binaryId}`;
    if (!(await this.driver.hasImage(image))) {
      await this.store.record(d, {}, 'ImageLoading', `binary ${d.binaryId}`);
      try {
        await this.binaries.withImage(d.applicationId, d.binaryId, d.ownerTenant, (archive) => this.driver.loadImage(archive, image));
      } catch (err) {
        if (err instanceof BrokenBinaryError || (err as { statusCode?: number }).statusCode === 500 || /image load/.test((err as Error).message)) {
          throw new DeploymentFailed(`image.tar of version ${d.version} could not be loaded: ${(err as Error).message}`);
        }
        throw err;
      }
      await this.store.record(d, {}, 'ImageLoaded');
    }
    const name = `${this.config.BERTH_DB_PREFIX}-${d.name}${d.tenant ? `-${d.tenant}` : ''}-${randomBytes(3).toString('hex')}`;
    const id = await this.driver.run({
      spec: d, slot: 0, ports: [d.probe.port], image, name, env: this.environment(d), memoryBytes: memoryBytes(d.resources.memory), nanoCpus: nanoCpus(d.resources.cpu),
    });
    this.logger.info({ deployment: d._id, container: name, version: d.version }, 'container started');
    await this.store.record(d, {}, 'ContainerStarted', name);
    return { id, name };
  }
}
