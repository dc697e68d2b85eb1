import { Body, Controller, Delete, Get, Headers, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { CurrentPrincipal, Principal, ROLE_CATALOGUE, Roles, RoleSets } from '@berth/auth';
import { DomainError, negotiate } from '@berth/http';
import { TENANT_OPTIONS_CONFIG } from '../../config/tenant-options.token';
import type { TenantOptionsConfig } from '../../config/tenant-options.env';
import { SetUserRoleCommand } from '../application/commands/set-user-role/set-user-role.command';
import { IdentityRepresentations } from './identity-links';
import { TenantAccess } from './tenant-access';
import { objectBody } from './users.controller';
import { referenceId } from './reference-id';
import { ApiRoute } from '@berth/openapi';

/** The role catalogue (`GET /user/roles`) and a user's role references (`/user/{tenant}/users/{name}/roles`). */
@Controller('user')
export class UserRolesController {
  constructor(
    private readonly commands: CommandBus, private readonly links: IdentityRepresentations, private readonly access: TenantAccess,
    @Inject(TENANT_OPTIONS_CONFIG) private readonly config: TenantOptionsConfig,
  ) {}

  @Get('roles')
  @ApiRoute('Every role', { returns: 'roleCollection' })
  roles(@Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    reply.header('content-type', negotiate(this.config.BERTH_BRAND, 'roleCollection', accept));
    const roles = ROLE_CATALOGUE.map((r) => this.links.role(r));
    return { self: `${this.links.base}/user/roles`, roles, statistics: { pageSize: roles.length, currentPage: 1 } };
  }

  /** Body `{role: {self}}` or `{role: {id}}`, as the real platform's clients send it. */
  @Post(':tenant/users/:userName/roles')
  @ApiRoute('Give a user a role', { status: 201, returns: 'roleReference', accepts: 'roleReference:roleRequest' })
  @Roles(...RoleSets.userAdmin)
  async assign(@CurrentPrincipal() p: Principal, @Param('tenant') tenant: string, @Param('userName') userName: string, @Body() body: unknown, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.access.assert(p, tenant);
    const role = referenceId(objectBody(body).role);
    if (!role) throw new DomainError('users', 'Invalid Data', 'role.id or role.self is required');
    await this.commands.execute(new SetUserRoleCommand(tenant, userName, role, true));
    const reference = this.links.roleReference(this.links.userSelf(tenant, userName), role);
    reply.code(201).header('location', reference.self).header('content-type', negotiate(this.config.BERTH_BRAND, 'roleReference', accept));
    return reference;
  }

  @Delete(':tenant/users/:userName/roles/:role')
  @ApiRoute('Take a role from a user', { status: 204 })
  @HttpCode(204)
  @Roles(...RoleSets.userAdmin)
  async unassign(@CurrentPrincipal() p: Principal, @Param('tenant') tenant: string, @Param('userName') userName: string, @Param('role') role: string) {
    await this.access.assert(p, tenant);
    await this.commands.execute(new SetUserRoleCommand(tenant, userName, role, false));
  }
}
