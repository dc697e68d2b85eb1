import { Inject, Module, OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus, CqrsModule } from '@nestjs/cqrs';
import { PINO } from '@berth/runtime';
import type { Logger } from 'pino';
import { TENANT_OPTIONS_CONFIG } from '../config/tenant-options.token';
import type { TenantOptionsConfig } from '../config/tenant-options.env';
import { AuthenticateHandler } from './application/commands/authenticate/authenticate.handler';
import { UpdateCurrentUserHandler } from './application/commands/change-own-password/change-own-password.handler';
import { CreateTenantHandler } from './application/commands/create-tenant/create-tenant.handler';
import { CreateUserHandler } from './application/commands/create-user/create-user.handler';
import { DeleteTenantHandler } from './application/commands/delete-tenant/delete-tenant.handler';
import { DeleteUserHandler } from './application/commands/delete-user/delete-user.handler';
import { EnsureManagementTenantCommand } from './application/commands/ensure-management-tenant/ensure-management-tenant.command';
import { EnsureManagementTenantHandler } from './application/commands/ensure-management-tenant/ensure-management-tenant.handler';
import { SetUserRoleHandler } from './application/commands/set-user-role/set-user-role.handler';
import { UpdateTenantHandler } from './application/commands/update-tenant/update-tenant.handler';
import { UpdateUserHandler } from './application/commands/update-user/update-user.handler';
import { ListUsersHandler } from './application/queries/list-users/list-users.handler';
import { EffectiveRoles } from './infrastructure/effective-roles';
import { IdentityStore } from './infrastructure/identity-store';
import { GroupWriter } from './infrastructure/group-writer';
import { AssignableRoles } from './infrastructure/assignable-roles';
import { MachineUserStore } from './infrastructure/machine-user-store';
import { LoginLockout } from './infrastructure/login-lockout';
import { PasswordHasher } from './infrastructure/password-hasher';
import { PlatformTokens } from './infrastructure/platform-tokens';
import { ExternalJwtKeys } from './infrastructure/external-jwt-keys';
import { ExternalJwt } from './application/commands/authenticate/external-jwt';
import { BootstrapUserWriter } from './infrastructure/bootstrap-user-writer';
import { BootstrapUsersConsumer } from './infrastructure/bootstrap-users.consumer';
import { ServiceUserWriter } from './infrastructure/service-user-writer';
import { ServiceUsersConsumer } from './infrastructure/service-users.consumer';
import { MicroserviceRolesProjection } from './infrastructure/microservice-roles';
import { MicroserviceRolesConsumer } from './infrastructure/microservice-roles.consumer';
import { ServiceUserRenewal } from './infrastructure/service-user-renewal';
import { TenantDeletedConsumer } from './infrastructure/tenant-deleted.consumer';
import { UserWriter } from './infrastructure/user-writer';
import { CurrentController } from './interface/current.controller';
import { IdentityRepresentations } from './interface/identity-links';
import { GroupsController } from './interface/groups.controller';
import { TenantAccess } from './interface/tenant-access';
import { InternalAuthController } from './interface/internal-auth.controller';
import { LogoutController } from './interface/logout.controller';
import { OAuthController } from './interface/oauth.controller';
import { TenantsController } from './interface/tenants.controller';
import { UserRolesController } from './interface/user-roles.controller';
import { UsersController } from './interface/users.controller';
import { LoginOptionsController } from './interface/login-options.controller';
import { LoginOptionStore } from './infrastructure/login-option-store';
import { TenantResolver } from './infrastructure/tenant-resolver';
import { TfaSettingsReader } from './infrastructure/tfa-settings';
import { TfaPins } from './infrastructure/tfa-pins';
import { TwoFactor } from './infrastructure/two-factor';
import { TotpController } from './interface/totp.controller';
import { OAuthInitController } from './interface/oauth-init.controller';
import { OAuthStates } from './infrastructure/oauth-states';
import { OidcClient } from './infrastructure/oidc-client';
import { OAuthCodeLoginHandler } from './application/commands/oauth-code-login/oauth-code-login.handler';

/** Tenants, users and roles, and credential checks for the gateway. At start-up it creates the management tenant and its admin when missing. */
@Module({
  imports: [CqrsModule],
  controllers: [CurrentController, UsersController, UserRolesController, TenantsController, InternalAuthController, OAuthController, LogoutController, GroupsController,
    LoginOptionsController, TotpController, OAuthInitController],
  providers: [
    IdentityStore, GroupWriter, AssignableRoles, MachineUserStore, TenantDeletedConsumer, PasswordHasher, PlatformTokens, ExternalJwtKeys, ExternalJwt, LoginLockout, EffectiveRoles, UserWriter, IdentityRepresentations,
    EnsureManagementTenantHandler, AuthenticateHandler, CreateUserHandler, UpdateUserHandler, DeleteUserHandler,
    UpdateCurrentUserHandler, SetUserRoleHandler, CreateTenantHandler, UpdateTenantHandler, DeleteTenantHandler, ListUsersHandler,
    ServiceUserWriter, ServiceUsersConsumer, BootstrapUserWriter, BootstrapUsersConsumer, MicroserviceRolesProjection, MicroserviceRolesConsumer, ServiceUserRenewal,
    TenantResolver, TenantAccess, LoginOptionStore, TfaSettingsReader, TfaPins, TwoFactor, OAuthStates, OidcClient, OAuthCodeLoginHandler,
  ],
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
