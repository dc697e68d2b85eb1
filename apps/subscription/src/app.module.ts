import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { RuntimeModule, RuntimeOptions } from '@berth/runtime';
import { Topics } from '@berth/contracts';
import type { SubscriptionConfig } from './config/subscription.env';
import { SUBSCRIPTION_CONFIG } from './config/subscription-config.token';
import { ApplicationEventsConsumer } from './subscriptions/infrastructure/application-events.consumer';
import { ServiceUserEventsConsumer } from './subscriptions/infrastructure/service-user-events.consumer';
import { SUBSCRIPTIONS } from './subscriptions/infrastructure/subscription.repository';
import { TenantEventsConsumer } from './subscriptions/infrastructure/tenant-events.consumer';
import { SubscriptionsModule } from './subscriptions/subscriptions.module';

@Module({})
export class AppModule {
  static register(ctx: Omit<RuntimeOptions, 'uses' | 'config'> & { config: SubscriptionConfig }): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        RuntimeModule.forRoot({
          ...ctx,
          uses: ['mongodb', 'kafka'],
          // The topics it reads are other apps'; ensuring them here too lets its consumers start first.
          topics: [Topics.subscriptionEvents, Topics.applicationEvents, Topics.tenantEvents, Topics.userEvents],
          outbox: [SUBSCRIPTIONS],
          consumers: [ApplicationEventsConsumer, TenantEventsConsumer, ServiceUserEventsConsumer],
        }),
        CqrsModule.forRoot(),
        SubscriptionsModule,
      ],
      providers: [{ provide: SUBSCRIPTION_CONFIG, useValue: ctx.config }],
      exports: [SUBSCRIPTION_CONFIG],
    };
  }
}
