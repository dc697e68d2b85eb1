import { Body, Controller, Delete, Get, HttpCode, Put, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CurrentPrincipal, Principal, Roles, RoleSets } from '@berth/auth';
import { ProviderConfiguration } from '../application/provider-configuration';
import { providerDefinitions } from '../domain/provider-settings';
import { ApiRoute } from '@berth/openapi';

/**
 * The provider catalogue (docs/api/sms.md) with each provider's settings schema, and the
 * tenant's choice. Writing also needs the option admin role, which tenant-options checks.
 */
@Controller('service/messaging/providers')
export class ProvidersController {
  constructor(private readonly configuration: ProviderConfiguration) {}

  @Get('definitions')
  @ApiRoute('The SMS providers and their settings', { returns: 'json:providerDefinitions' })
  @Roles(...RoleSets.smsRead, ...RoleSets.optionRead)
  definitions(@Res({ passthrough: true }) reply: FastifyReply) {
    reply.header('content-type', 'application/json');
    return { definitions: providerDefinitions() };
  }

  @Get('configuration')
  @ApiRoute('The tenant\'s SMS provider configuration', { returns: 'json:providerConfiguration' })
  @Roles(...RoleSets.smsRead, ...RoleSets.optionRead)
  get(@CurrentPrincipal() caller: Principal, @Res({ passthrough: true }) reply: FastifyReply) {
    reply.header('content-type', 'application/json');
    return this.configuration.get(caller.tenant);
  }

  @Put('configuration')
  @ApiRoute('Configure the tenant\'s SMS provider', { returns: 'json:providerConfiguration', accepts: 'json:providerConfigurationRequest' })
  @Roles(...RoleSets.smsAdmin, ...RoleSets.optionAdmin)
  put(@CurrentPrincipal() caller: Principal, @Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply) {
    reply.header('content-type', 'application/json');
    return this.configuration.put(caller, body);
  }

  @Delete('configuration')
  @ApiRoute('Remove the tenant\'s SMS provider configuration', { status: 204 })
  @HttpCode(204)
  @Roles(...RoleSets.smsAdmin, ...RoleSets.optionAdmin)
  async remove(@CurrentPrincipal() caller: Principal): Promise<void> {
    await this.configuration.remove(caller);
  }
}
