import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { RuntimeModule, RuntimeOptions } from '@berth/runtime';
import { Topics } from '@berth/contracts';
import { ApplicationsModule } from './applications/applications.module';
import { APPLICATION_DELETIONS, APPLICATIONS } from './applications/infrastructure/application.repository';
import { BootstrapUserEventsConsumer } from './applications/infrastructure/bootstrap-user-events.consumer';
import { SubscriptionEventsConsumer } from './applications/infrastructure/subscription-events.consumer';
import { TenantEventsConsumer } from './applications/infrastructure/tenant-events.consumer';
import type { RegistryConfig } from './config/application-registry.env';
import { REGISTRY_CONFIG } from './config/registry-config.token';
import { ApplicationApiController } from './discovery/application-api.controller';

@Module({})
export class AppModule {
  static register(ctx: Omit<RuntimeOptions, 'uses' | 'config'> & { config: RegistryConfig }): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        RuntimeModule.forRoot({
          ...ctx,
          uses: ['mongodb', 'kafka'],
          // The subscription, user and tenant topics are other apps'; ensuring them here too lets the consumers start first.
          topics: [Topics.applicationEvents, Topics.subscriptionEvents, Topics.userEvents, Topics.tenantEvents],
          outbox: [APPLICATIONS, APPLICATION_DELETIONS], outboxDisposable: [APPLICATION_DELETIONS],
          consumers: [SubscriptionEventsConsumer, BootstrapUserEventsConsumer, TenantEventsConsumer],
        }),
        CqrsModule.forRoot(),
        ApplicationsModule,
      ],
      controllers: [ApplicationApiController],
      providers: [{ provide: REGISTRY_CONFIG, useValue: ctx.config }],
      exports: [REGISTRY_CONFIG],
    };
  }
}
