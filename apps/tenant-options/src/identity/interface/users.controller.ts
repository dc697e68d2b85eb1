import { Body, Controller, Delete, Get, Headers, HttpCode, Inject, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { CurrentPrincipal, Principal, Roles, RoleSets } from '@berth/auth';
import { DomainError, negotiate } from '@berth/http';
import { pageLinks, parsePageQuery, QueryParams } from '@berth/paging';
import { TENANT_OPTIONS_CONFIG } from '../../config/tenant-options.token';
import type { TenantOptionsConfig } from '../../config/tenant-options.env';
import { CreateUserCommand } from '../application/commands/create-user/create-user.command';
import { DeleteUserCommand } from '../application/commands/delete-user/delete-user.command';
import { UpdateUserCommand } from '../application/commands/update-user/update-user.command';
import { ListUsersQuery } from '../application/queries/list-users/list-users.query';
import { UserWriter } from '../infrastructure/user-writer';
import { userId } from '../infrastructure/identity-records';
import { IdentityRepresentations } from './identity-links';
import { TenantAccess } from './tenant-access';
import { ApiRoute } from '@berth/openapi';

/** `/user/{tenant}/users…` and `/user/{tenant}/userByName/{name}`: a tenant's users. */
@Controller('user/:tenant')
export class UsersController {
  constructor(
    private readonly commands: CommandBus, private readonly queries: QueryBus, private readonly users: UserWriter,
    private readonly links: IdentityRepresentations, private readonly access: TenantAccess, @Inject(TENANT_OPTIONS_CONFIG) private readonly config: TenantOptionsConfig,
  ) {}

  @Get('users')
  @ApiRoute('A tenant\'s users', { returns: 'userCollection', paged: true })
  @Roles(...RoleSets.userRead)
  async list(@CurrentPrincipal() p: Principal, @Param('tenant') tenant: string, @Query() query: QueryParams, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.access.assert(p, tenant);
    const page = parsePageQuery(query);
    reply.header('content-type', negotiate(this.config.BERTH_BRAND, 'userCollection', accept));
    const { users, total } = await this.queries.execute(new ListUsersQuery(tenant, page));
    const links = pageLinks({ baseUrl: this.links.base, path: `/user/${tenant}/users`, query, page, count: users.length, total });
    return { ...links, users: users.map((u) => this.links.user(u)) };
  }

  @Post('users')
  @ApiRoute('Create a user', { status: 201, returns: 'user', accepts: 'user:userRequest' })
  @Roles(...RoleSets.userAdmin)
  async create(@CurrentPrincipal() p: Principal, @Param('tenant') tenant: string, @Body() body: unknown, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.access.assert(p, tenant);
    const user = await this.commands.execute(new CreateUserCommand(tenant, objectBody(body)));
    reply.code(201).header('location', this.links.userSelf(tenant, user.userName)).header('content-type', negotiate(this.config.BERTH_BRAND, 'user', accept));
    return this.links.user(user);
  }

  @Get('users/:userName')
  @ApiRoute('A user', { returns: 'user' })
  @Roles(...RoleSets.userRead)
  async get(@CurrentPrincipal() p: Principal, @Param('tenant') tenant: string, @Param('userName') userName: string, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.access.assert(p, tenant);
    reply.header('content-type', negotiate(this.config.BERTH_BRAND, 'user', accept));
    return this.links.user(await this.users.find(tenant, userName));
  }

  @Get('userByName/:userName')
  @ApiRoute('A user, by name', { returns: 'user' })
  @Roles(...RoleSets.userRead)
  byName(@CurrentPrincipal() p: Principal, @Param('tenant') tenant: string, @Param('userName') userName: string, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.get(p, tenant, userName, accept, reply);
  }

  @Put('users/:userName')
  @ApiRoute('Update a user (partial)', { returns: 'user', accepts: 'user:userUpdateRequest' })
  @Roles(...RoleSets.userAdmin)
  async update(@CurrentPrincipal() p: Principal, @Param('tenant') tenant: string, @Param('userName') userName: string, @Body() body: unknown, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.access.assert(p, tenant);
    const user = await this.commands.execute(new UpdateUserCommand(tenant, userName, objectBody(body)));
    reply.header('content-type', negotiate(this.config.BERTH_BRAND, 'user', accept));
    return this.links.user(user);
  }

  @Delete('users/:userName')
  @ApiRoute('Delete a user', { status: 204 })
  @HttpCode(204)
  @Roles(...RoleSets.userAdmin)
  async remove(@CurrentPrincipal() p: Principal, @Param('tenant') tenant: string, @Param('userName') userName: string) {
    await this.access.assert(p, tenant);
    await this.commands.execute(new DeleteUserCommand(tenant, userName, userId(p.tenant, p.user)));
  }
}

/** A JSON object body, else 422. */
export function objectBody(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new DomainError('users', 'Invalid Data', 'The body must be a JSON object');
  return body as Record<string, unknown>;
}
