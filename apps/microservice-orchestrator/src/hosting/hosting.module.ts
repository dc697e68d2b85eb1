import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { BASE_CONFIG } from '@berth/runtime';
import type { OrchestratorConfig } from '../config/microservice-orchestrator.env';
import { Deployer } from './application/deployer';
import { Reconciler } from './application/reconciler';
import { UpdateDesiredStateHandler } from './application/commands/update-desired-state/update-desired-state.handler';
import { GetStatusHandler } from './application/queries/get-status/get-status.handler';
import { RUNTIME_DRIVER } from './application/ports/runtime-driver';
import { runtimeDriver } from './infrastructure/runtime-driver.factory';
import { HostingEventsConsumer } from './infrastructure/hosting-events.consumer';
import { HostingStore } from './infrastructure/hosting.store';
import { RegistryBinaries } from './infrastructure/registry-binaries';
import { RoutePublisher } from './infrastructure/route-publisher';
import { StatusController } from './interface/status.controller';

/** Microservice hosting: desired state from events, the runtime driver (Docker or Kubernetes), the reconcile loop, routes and status. */
@Module({
  imports: [CqrsModule],
  controllers: [StatusController],
  providers: [
    HostingStore, HostingEventsConsumer, UpdateDesiredStateHandler, GetStatusHandler, Deployer, Reconciler, RoutePublisher,
    {
      provide: RUNTIME_DRIVER, inject: [BASE_CONFIG],
      useFactory: (c: OrchestratorConfig) => runtimeDriver(c),
    },
    { provide: RegistryBinaries, inject: [BASE_CONFIG], useFactory: (c: OrchestratorConfig) => new RegistryBinaries(c.APPLICATION_REGISTRY_URL, c.BERTH_INTERNAL_KEY) },
  ],
})
export class HostingModule {}
