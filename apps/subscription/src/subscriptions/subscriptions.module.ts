import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { EndSubscriptionsHandler } from './application/commands/end-subscriptions/end-subscriptions.handler';
import { SubscribeTenantHandler } from './application/commands/subscribe-tenant/subscribe-tenant.handler';
import { UnsubscribeTenantHandler } from './application/commands/unsubscribe-tenant/unsubscribe-tenant.handler';
import { CurrentApplicationUsersHandler } from './application/queries/current-application-users/current-application-users.handler';
import { ListSubscriptionsHandler } from './application/queries/list-subscriptions/list-subscriptions.handler';
import { SubscriptionEnder } from './application/subscription-ender';
import { SubscriptionEvents } from './application/subscription-events';
import { ApplicationEventsConsumer } from './infrastructure/application-events.consumer';
import { CatalogueProjection } from './infrastructure/catalogue.projection';
import { RegistryRolesReader } from './infrastructure/registry-roles.reader';
import { secretBoxProvider } from './infrastructure/secret-box.provider';
import { ServiceUserEventsConsumer } from './infrastructure/service-user-events.consumer';
import { SubscriptionRepository } from './infrastructure/subscription.repository';
import { TenantEventsConsumer } from './infrastructure/tenant-events.consumer';
import { CurrentApplicationSubscriptionsController } from './interface/current-application-subscriptions.controller';
import { TenantApplicationsController } from './interface/tenant-applications.controller';

/** Tenants' subscriptions to applications, the projections of applications and tenants they need, and the cascades. */
@Module({
  imports: [CqrsModule],
  controllers: [TenantApplicationsController, CurrentApplicationSubscriptionsController],
  providers: [
    SubscriptionRepository, CatalogueProjection, SubscriptionEvents, SubscriptionEnder, secretBoxProvider, RegistryRolesReader,
    ApplicationEventsConsumer, TenantEventsConsumer, ServiceUserEventsConsumer,
    SubscribeTenantHandler, UnsubscribeTenantHandler, EndSubscriptionsHandler, ListSubscriptionsHandler, CurrentApplicationUsersHandler,
  ],
})
export class SubscriptionsModule {}
