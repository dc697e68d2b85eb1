import { Inject, Module, OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus, CqrsModule } from '@nestjs/cqrs';
import { MongooseModule } from '@nestjs/mongoose';
import { PINO } from '@berth/runtime';
import type { Logger } from 'pino';
import { TENANT_OPTIONS_CONFIG } from '../config/tenant-options.token';
import type { TenantOptionsConfig } from '../config/tenant-options.env';
import { EnsureManagementTenantCommand } from './application/commands/ensure-management-tenant/ensure-management-tenant.command';
import { EnsureManagementTenantHandler } from './application/commands/ensure-management-tenant/ensure-management-tenant.handler';
import { PasswordHasher } from './infrastructure/password-hasher';
import { TenantDocument, TenantSchema } from './infrastructure/tenant.schema';
import { UserDocument, UserSchema } from './infrastructure/user.schema';

/** Tenants and users. At start-up it creates the management tenant and its admin when missing. */
@Module({
  imports: [
    CqrsModule,
    MongooseModule.forFeature([
      { name: TenantDocument.name, schema: TenantSchema },
      { name: UserDocument.name, schema: UserSchema },
    ]),
  ],
  providers: [PasswordHasher, EnsureManagementTenantHandler],
})
export class IdentityModule implements OnApplicationBootstrap {
  constructor(
    private readonly commands: CommandBus,
    @Inject(TENANT_OPTIONS_CONFIG) private readonly config: TenantOptionsConfig,
    @Inject(PINO) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap() {
    const tenant = this.config.BERTH_MANAGEMENT_TENANT;
    const result = await this.commands.execute(new EnsureManagementTenantCommand(tenant, this.config.BERTH_ADMIN_PASSWORD));
    this.logger.info({ tenant, ...result }, 'management tenant ready');
  }
}
