import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { RuntimeModule, RuntimeOptions } from '@berth/runtime';
import { Topics } from '@berth/contracts';
import { ApplicationsModule } from './applications/applications.module';
import { APPLICATION_DELETIONS, APPLICATIONS } from './applications/infrastructure/application.repository';
import { SubscriptionEventsConsumer } from './applications/infrastructure/subscription-events.consumer';
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
          // The subscription topic is the subscription app's; ensuring it here too lets the consumer start first.
          topics: [Topics.applicationEvents, Topics.subscriptionEvents],
          outbox: [APPLICATIONS, APPLICATION_DELETIONS],
          consumers: [SubscriptionEventsConsumer],
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
