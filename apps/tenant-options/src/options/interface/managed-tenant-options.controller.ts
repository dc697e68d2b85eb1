import { Body, Controller, Delete, Headers, HttpCode, Inject, Param, Put, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { CurrentPrincipal, forbidden, Principal, Roles, RoleSets } from '@berth/auth';
import { DomainError } from '@berth/http';
import { ApiRoute } from '@berth/openapi';
import { PublicBase } from '@berth/runtime';
import { TENANT_OPTIONS_CONFIG } from '../../config/tenant-options.token';
import type { TenantOptionsConfig } from '../../config/tenant-options.env';
import { TENANT_ID } from '../application/commands/set-option-editable/set-option-editable.handler';
import { OptionScope } from '../domain/option-scope';
import { TenantDirectory } from '../infrastructure/tenant-directory';
import { OptionEndpoints } from './option-endpoints';
import { CATEGORY_SCHEMA, KEY_SCHEMA, TENANT_ID_SCHEMA } from './option.schemas';

/**
 * `PUT` and `DELETE /tenant/tenants/{tenantId}/options/{category}/{key}`: the management
 * tenant's tenant-management admins set or remove any tenant's option, among them those the
 * tenant may not change itself (`rate.limit`). Other tenants get 403; an unknown tenant 404.
 */
@Controller('tenant/tenants/:tenantId/options')
export class ManagedTenantOptionsController extends OptionEndpoints {
  protected path = '/tenant/options';

  constructor(
    commands: CommandBus, queries: QueryBus, @Inject(TENANT_OPTIONS_CONFIG) config: TenantOptionsConfig, publicBase: PublicBase,
    private readonly tenants: TenantDirectory,
  ) {
    super(commands, queries, config, publicBase);
  }

  @Put(':category/:key')
  @ApiRoute('Set a tenant\'s option (management tenant)', { returns: 'option', accepts: 'option:optionValue', params: { tenantId: TENANT_ID_SCHEMA, category: CATEGORY_SCHEMA, key: KEY_SCHEMA } })
  @Roles(...RoleSets.tenantAdmin)
  async putOption(
    @CurrentPrincipal() p: Principal, @Param('tenantId') tenantId: string, @Param('category') category: string, @Param('key') key: string,
    @Body() body: unknown, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.put(await this.target(p, tenantId), p, category, key, body, accept, reply);
  }

  @Delete(':category/:key')
  @ApiRoute('Delete a tenant\'s option (management tenant)', { status: 204, params: { tenantId: TENANT_ID_SCHEMA, category: CATEGORY_SCHEMA, key: KEY_SCHEMA } })
  @HttpCode(204)
  @Roles(...RoleSets.tenantAdmin)
  async deleteOption(@CurrentPrincipal() p: Principal, @Param('tenantId') tenantId: string, @Param('category') category: string, @Param('key') key: string) {
    return this.remove(await this.target(p, tenantId), p, category, key);
  }

  private async target(p: Principal, tenantId: string): Promise<OptionScope> {
    if (p.tenant !== this.config.BERTH_MANAGEMENT_TENANT) throw forbidden('Only the management tenant may change another tenant\'s options');
    if (!TENANT_ID.test(tenantId) || !(await this.tenants.exists(tenantId))) throw new DomainError('tenants', 'Not Found', `Tenant ${tenantId} does not exist`);
    return { kind: 'tenant', tenant: tenantId };
  }
}
