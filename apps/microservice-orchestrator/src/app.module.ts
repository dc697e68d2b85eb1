import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { RuntimeModule, RuntimeOptions } from '@berth/runtime';
import { Topics } from '@berth/contracts';
import type { OrchestratorConfig } from './config/microservice-orchestrator.env';
import { ORCHESTRATOR_CONFIG } from './config/orchestrator-config.token';
import { HostingModule } from './hosting/hosting.module';
import { HostingEventsConsumer } from './hosting/infrastructure/hosting-events.consumer';
import { RuntimeOptionsConsumer } from './hosting/infrastructure/runtime-options.consumer';

@Module({})
export class AppModule {
  static register(ctx: Omit<RuntimeOptions, 'uses' | 'config'> & { config: OrchestratorConfig }): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        RuntimeModule.forRoot({
          ...ctx,
          uses: ['mongodb', 'kafka', 'redis'],
          // The registry's, subscription app's and tenant-options' topics are ensured here too, so the consumers may start first.
          topics: [Topics.deploymentEvents, Topics.deployCommands, Topics.applicationEvents, Topics.subscriptionEvents, Topics.optionEvents],
          consumers: [HostingEventsConsumer, RuntimeOptionsConsumer],
        }),
        CqrsModule.forRoot(),
        HostingModule,
      ],
      providers: [{ provide: ORCHESTRATOR_CONFIG, useValue: ctx.config }],
      exports: [ORCHESTRATOR_CONFIG],
    };
  }
}
