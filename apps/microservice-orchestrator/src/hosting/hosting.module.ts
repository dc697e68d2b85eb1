import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { Logger } from 'pino';
import { BASE_CONFIG, PINO } from '@berth/runtime';
import type { OrchestratorConfig } from '../config/microservice-orchestrator.env';
import { ContainerEnvironment } from './application/container-environment';
import { BinaryImages } from './application/binary-images';
import { Deployer } from './application/deployer';
import { EndedInstances } from './application/ended-instances';
import { InstanceProber } from './application/instance-prober';
import { Reconciler } from './application/reconciler';
import { Rollouts } from './application/rollouts';
import { UpdateDesiredStateHandler } from './application/commands/update-desired-state/update-desired-state.handler';
import { GetLogsHandler } from './application/queries/get-logs/get-logs.handler';
import { GetStatusHandler } from './application/queries/get-status/get-status.handler';
import { RUNTIME_DRIVER } from './application/ports/runtime-driver';
import { DeployQueue } from './infrastructure/deploy-queue';
import { runtimeDriver } from './infrastructure/runtime-driver.factory';
import { HostingEventsConsumer } from './infrastructure/hosting-events.consumer';
import { EndedInstancesStore } from './infrastructure/ended-instances.store';
import { HostingStore } from './infrastructure/hosting.store';
import { BaseLayerStore } from './infrastructure/layers/base-layer-store';
import { ImageFiller } from './infrastructure/layers/image-filler';
import { RuntimeOptionsConsumer } from './infrastructure/runtime-options.consumer';
import { RuntimeOptionsStore } from './infrastructure/runtime-options.store';
import { PlatformUsers } from './infrastructure/platform-users';
import { RegistryBinaries } from './infrastructure/registry-binaries';
import { RegistryVersions } from './infrastructure/registry-versions';
import { RoutePublisher } from './infrastructure/route-publisher';
import { LogsController } from './interface/logs.controller';
import { StatusController } from './interface/status.controller';

/** Microservice hosting: desired state from events, the runtime driver (Docker or Kubernetes), the reconcile loop, routes and status. */
@Module({
  imports: [CqrsModule],
  controllers: [StatusController, LogsController],
  providers: [
    HostingStore, HostingEventsConsumer, RuntimeOptionsStore, RuntimeOptionsConsumer, UpdateDesiredStateHandler, GetStatusHandler, GetLogsHandler, Deployer, ContainerEnvironment, DeployQueue, InstanceProber, Reconciler, Rollouts, RoutePublisher,
    EndedInstances, EndedInstancesStore, BinaryImages,
    {
      provide: RUNTIME_DRIVER, inject: [BASE_CONFIG],
      useFactory: (c: OrchestratorConfig) => runtimeDriver(c),
    },
    {
      provide: PlatformUsers, inject: [BASE_CONFIG],
      useFactory: (c: OrchestratorConfig) => new PlatformUsers(c.APPLICATION_REGISTRY_URL, c.SUBSCRIPTION_URL, c.BERTH_INTERNAL_KEY),
    },
    { provide: RegistryBinaries, inject: [BASE_CONFIG], useFactory: (c: OrchestratorConfig) => new RegistryBinaries(c.APPLICATION_REGISTRY_URL, c.BERTH_INTERNAL_KEY) },
    {
      // Only the Docker driver loads images; Kubernetes pulls them from a registry (docs/hosting.md).
      provide: BaseLayerStore, inject: [BASE_CONFIG, PINO],
      useFactory: (c: OrchestratorConfig, logger: Logger) => {
        const store = new BaseLayerStore(c.BERTH_LAYER_STORE_DIR ?? join(tmpdir(), 'berth-layers'), logger);
        if (c.BERTH_RUNTIME_DRIVER === 'docker') void store.buildRuntime();
        return store;
      },
    },
    { provide: ImageFiller, inject: [BaseLayerStore, PINO], useFactory: (store: BaseLayerStore, logger: Logger) => new ImageFiller(store, logger) },
    { provide: RegistryVersions, inject: [BASE_CONFIG], useFactory: (c: OrchestratorConfig) => new RegistryVersions(c.APPLICATION_REGISTRY_URL, c.BERTH_INTERNAL_KEY) },
  ],
})
export class HostingModule {}
