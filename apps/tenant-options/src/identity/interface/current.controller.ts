import { Body, Controller, Get, Headers, Inject, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { BootstrapAccess, CurrentPrincipal, Principal } from '@berth/auth';
import { DomainError, negotiate } from '@berth/http';
import { TENANT_OPTIONS_CONFIG } from '../../config/tenant-options.token';
import type { TenantOptionsConfig } from '../../config/tenant-options.env';
import { UpdateCurrentUserCommand } from '../application/commands/change-own-password/change-own-password.command';
import { IdentityStore } from '../infrastructure/identity-store';
import { userId } from '../infrastructure/identity-records';
import { IdentityRepresentations } from './identity-links';
import { ApiRoute } from '@berth/openapi';

/** `GET /tenant/currentTenant`, `GET` and `PUT /user/currentUser`: the caller's own tenant and user. */
@Controller()
export class CurrentController {
  constructor(
    private readonly store: IdentityStore,
    private readonly commands: CommandBus,
    private readonly links: IdentityRepresentations,
    @Inject(TENANT_OPTIONS_CONFIG) private readonly config: TenantOptionsConfig,
  ) {}

  @Get('tenant/currentTenant')
  @ApiRoute('The caller\'s tenant', { returns: 'currentTenant' })
  @BootstrapAccess()
  async currentTenant(@CurrentPrincipal() p: Principal, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    reply.header('content-type', negotiate(this.config.BERTH_BRAND, 'currentTenant', accept));
    const tenant = await this.store.tenants.findOne({ _id: p.tenant });
    if (!tenant) throw new DomainError('tenants', 'Not Found', `Tenant ${p.tenant} does not exist`);
    return {
      id: tenant._id, name: tenant._id, domainName: tenant.domain, self: `${this.links.base}/tenant/currentTenant`,
      ...(tenant.company ? { companyName: tenant.company } : {}),
      allowCreateTenants: tenant._id === this.config.BERTH_MANAGEMENT_TENANT, customProperties: tenant.customProperties ?? {},
    };
  }

  @Get('user/currentUser')
  @ApiRoute('The caller', { returns: 'currentUser' })
  @BootstrapAccess()
  async currentUser(@CurrentPrincipal() p: Principal, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    reply.header('content-type', negotiate(this.config.BERTH_BRAND, 'currentUser', accept));
    const user = await this.store.users.findOne({ _id: userId(p.tenant, p.user) });
    if (!user || user.deleted) throw new DomainError('users', 'Not Found', `User ${p.user} does not exist`);
    return { ...this.links.user(user, p.roles), self: `${this.links.base}/user/currentUser` };
  }

  @Put('user/currentUser')
  @ApiRoute('Update the caller (partial)', { returns: 'currentUser', accepts: 'currentUser:currentUserRequest' })
  async updateCurrentUser(@CurrentPrincipal() p: Principal, @Body() body: unknown, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new DomainError('users', 'Invalid Data', 'The body must be a user object');
    const user = await this.commands.execute(new UpdateCurrentUserCommand(p.tenant, p.user, body as Record<string, unknown>));
    reply.header('content-type', negotiate(this.config.BERTH_BRAND, 'currentUser', accept));
    return { ...this.links.user(user, p.roles), self: `${this.links.base}/user/currentUser` };
  }
}
