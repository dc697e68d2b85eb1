import { Body, Controller, Headers, Inject, Param, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { CurrentPrincipal, Principal, Roles, RoleSets } from '@berth/auth';
import { negotiate } from '@berth/http';
import { TENANT_OPTIONS_CONFIG } from '../../config/tenant-options.token';
import type { TenantOptionsConfig } from '../../config/tenant-options.env';
import { SetOptionEditableCommand } from '../application/commands/set-option-editable/set-option-editable.command';
import { invalidOption } from '../domain/option-errors';
import { ApiRoute } from '@berth/openapi';
import { CATEGORY_SCHEMA, KEY_SCHEMA, TENANT_ID_SCHEMA } from './option.schemas';

/**
 * `PUT …/options/{category}/{key}/editable` with `{"editable":"false"}` (the real platform's shape;
 * booleans too): the management tenant locks an option, after which the owner's PUT, POST and
 * DELETE get 403 `options/Forbidden`; `"true"` unlocks it. Under `/tenant/tenants/{tenantId}` it
 * names any tenant's option, under `/tenant/options` the management tenant's own. Other tenants get 403.
 */
@Controller('tenant')
export class OptionEditableController {
  constructor(private readonly commands: CommandBus, @Inject(TENANT_OPTIONS_CONFIG) private readonly config: TenantOptionsConfig) {}

  @Put('tenants/:tenantId/options/:category/:key/editable')
  @ApiRoute('Make a tenant\'s option editable or not (management tenant)', { returns: 'option', accepts: 'option:optionEditable', params: { tenantId: TENANT_ID_SCHEMA, category: CATEGORY_SCHEMA, key: KEY_SCHEMA } })
  @Roles(...RoleSets.optionAdmin)
  setEditable(
    @CurrentPrincipal() p: Principal, @Param('tenantId') tenantId: string, @Param('category') category: string, @Param('key') key: string,
    @Body() body: unknown, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.lock(tenantId, p, category, key, body, accept, reply);
  }

  @Put('options/:category/:key/editable')
  @ApiRoute('Make the management tenant\'s own option editable or not', { returns: 'option', accepts: 'option:optionEditable', params: { category: CATEGORY_SCHEMA, key: KEY_SCHEMA } })
  @Roles(...RoleSets.optionAdmin)
  setOwnEditable(
    @CurrentPrincipal() p: Principal, @Param('category') category: string, @Param('key') key: string,
    @Body() body: unknown, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.lock(p.tenant, p, category, key, body, accept, reply);
  }

  private async lock(tenant: string, p: Principal, category: string, key: string, body: unknown, accept: string | undefined, reply: FastifyReply) {
    const type = negotiate(this.config.BERTH_BRAND, 'option', accept);
    if (typeof body !== 'object' || body === null) throw invalidOption('editable', 'the body must be {"editable": "true" | "false"}');
    const view = await this.commands.execute(new SetOptionEditableCommand(tenant, category, key, (body as { editable?: unknown }).editable, p));
    reply.header('content-type', type);
    return view;
  }
}
