import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { RuntimeModule, RuntimeOptions } from '@berth/runtime';
import { TenantOptionsConfig } from './config/tenant-options.env';
import { TENANT_OPTIONS_CONFIG } from './config/tenant-options.token';
import { IdentityModule } from './identity/identity.module';
import { TENANTS, USERS } from './identity/infrastructure/identity-store';
import { GROUPS } from './identity/infrastructure/effective-roles';
import { BootstrapUsersConsumer } from './identity/infrastructure/bootstrap-users.consumer';
import { ServiceUsersConsumer } from './identity/infrastructure/service-users.consumer';
import { MicroserviceRolesConsumer } from './identity/infrastructure/microservice-roles.consumer';
import { TenantDeletedConsumer } from './identity/infrastructure/tenant-deleted.consumer';
import { TFA_PINS } from './identity/infrastructure/tfa-pins';
import { OptionsModule } from './options/options.module';
import { OPTIONS_COLLECTION } from './options/infrastructure/option.document';
import { TenantOptionsRemovedConsumer } from './options/infrastructure/tenant-options-removed.consumer';
import { Topics } from '@berth/contracts';

@Module({})
export class AppModule {
  static register(ctx: Omit<RuntimeOptions, 'uses' | 'config'> & { config: TenantOptionsConfig }): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [RuntimeModule.forRoot({
        ...ctx, uses: ['mongodb', 'kafka', 'redis'], topics: [Topics.optionEvents, Topics.tenantEvents, Topics.userEvents, Topics.subscriptionEvents, Topics.applicationEvents],
        outbox: [USERS, TENANTS, GROUPS, OPTIONS_COLLECTION, TFA_PINS], consumers: [TenantDeletedConsumer, TenantOptionsRemovedConsumer, ServiceUsersConsumer, BootstrapUsersConsumer, MicroserviceRolesConsumer],
      }), CqrsModule.forRoot(), IdentityModule, OptionsModule],
      providers: [{ provide: TENANT_OPTIONS_CONFIG, useValue: ctx.config }],
      exports: [TENANT_OPTIONS_CONFIG],
    };
  }
}
