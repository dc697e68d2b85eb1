import { Body, Controller, Delete, Get, Headers, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CurrentPrincipal, Principal, Roles, RoleSets } from '@berth/auth';
import { DomainError, negotiate, NOT_BLANK, textLength } from '@berth/http';
import { pageLinks, parsePageQuery, QueryParams } from '@berth/paging';
import { TENANT_OPTIONS_CONFIG } from '../../config/tenant-options.token';
import type { TenantOptionsConfig } from '../../config/tenant-options.env';
import { AssignableRoles } from '../infrastructure/assignable-roles';
import { EffectiveRoles } from '../infrastructure/effective-roles';
import { GroupWriter, StoredGroup } from '../infrastructure/group-writer';
import { UserWriter } from '../infrastructure/user-writer';
import { IdentityRepresentations } from './identity-links';
import { TenantAccess } from './tenant-access';
import { objectBody } from './users.controller';
import { referenceId } from './reference-id';
import { ApiRoute } from '@berth/openapi';

/** The most characters a group's name has. */
export const MAX_GROUP_NAME_LENGTH = 254;
const notBlank = new RegExp(NOT_BLANK);

/** `/user/{tenant}/groups…`: user groups, their roles and members; a member holds the group's roles. */
@Controller('user/:tenant')
export class GroupsController {
  constructor(
    private readonly groups: GroupWriter, private readonly users: UserWriter, private readonly roles: EffectiveRoles, private readonly assignable: AssignableRoles,
    private readonly links: IdentityRepresentations, private readonly access: TenantAccess, @Inject(TENANT_OPTIONS_CONFIG) private readonly config: TenantOptionsConfig,
  ) {}

  @Get('groups')
  @ApiRoute('A tenant\'s groups', { returns: 'groupCollection', paged: true })
  @Roles(...RoleSets.userRead)
  async list(@CurrentPrincipal() p: Principal, @Param('tenant') tenant: string, @Query() query: QueryParams, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.access.assert(p, tenant);
    const page = parsePageQuery(query);
    const filter = { tenant, deleted: { $ne: true } } as never;
    const found = await this.roles.groups.find(filter).sort({ name: 1 }).skip(page.skip).limit(page.pageSize).toArray();
    const total = page.withTotalPages ? await this.roles.groups.countDocuments(filter) : undefined;
    reply.header('content-type', negotiate(this.config.BERTH_BRAND, 'groupCollection', accept));
    return { ...pageLinks({ baseUrl: this.links.base, path: `/user/${tenant}/groups`, query, page, count: found.length, total }), groups: found.map((g) => this.view(g as StoredGroup)) };
  }

  @Post('groups')
  @ApiRoute('Create a group', { status: 201, returns: 'group', accepts: 'group:groupRequest' })
  @Roles(...RoleSets.userAdmin)
  async create(@CurrentPrincipal() p: Principal, @Param('tenant') tenant: string, @Body() body: unknown, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.access.assert(p, tenant);
    const name = objectBody(body).name;
    if (typeof name !== 'string' || !notBlank.test(name) || textLength(name) > MAX_GROUP_NAME_LENGTH) {
      throw new DomainError('groups', 'Invalid Data', `name is required (1 to ${MAX_GROUP_NAME_LENGTH} characters, not only white space)`);
    }
    const view = this.view(await this.groups.create(tenant, name));
    reply.code(201).header('location', view.self).header('content-type', negotiate(this.config.BERTH_BRAND, 'group', accept));
    return view;
  }

  @Get('groups/:id')
  @ApiRoute('A group', { returns: 'group' })
  @Roles(...RoleSets.userRead)
  async get(@CurrentPrincipal() p: Principal, @Param('tenant') tenant: string, @Param('id') id: string, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.access.assert(p, tenant);
    reply.header('content-type', negotiate(this.config.BERTH_BRAND, 'group', accept));
    return this.view(await this.groups.find(tenant, id));
  }

  @Delete('groups/:id')
  @ApiRoute('Delete a group', { status: 204 })
  @HttpCode(204)
  @Roles(...RoleSets.userAdmin)
  async remove(@CurrentPrincipal() p: Principal, @Param('tenant') tenant: string, @Param('id') id: string) {
    await this.access.assert(p, tenant);
    await this.groups.update(await this.groups.find(tenant, id), { $set: { deleted: true, roles: [] } as never }, 'deleted');
  }

  @Post('groups/:id/roles')
  @ApiRoute('Give a group a role', { status: 201, returns: 'json:roleReference', accepts: 'roleReference:roleRequest' })
  @Roles(...RoleSets.userAdmin)
  async addRole(@CurrentPrincipal() p: Principal, @Param('tenant') tenant: string, @Param('id') id: string, @Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.access.assert(p, tenant);
    const role = await this.assignable.assertAssignable(tenant, referenceId(objectBody(body).role), 'groups');
    const group = await this.groups.update(await this.groups.find(tenant, id), { $addToSet: { roles: role } }, 'roles');
    const reference = this.links.roleReference(this.self(group), role);
    reply.code(201).header('location', reference.self);
    return reference;
  }

  @Delete('groups/:id/roles/:role')
  @ApiRoute('Take a role from a group', { status: 204 })
  @HttpCode(204)
  @Roles(...RoleSets.userAdmin)
  async removeRole(@CurrentPrincipal() p: Principal, @Param('tenant') tenant: string, @Param('id') id: string, @Param('role') role: string) {
    await this.access.assert(p, tenant);
    await this.groups.update(await this.groups.find(tenant, id), { $pull: { roles: role } }, 'roles');
  }

  @Post('groups/:id/users')
  @ApiRoute('Add a user to a group', { status: 201, returns: 'json:userReference', accepts: 'userReference:userReferenceRequest' })
  @Roles(...RoleSets.userAdmin)
  async addMember(@CurrentPrincipal() p: Principal, @Param('tenant') tenant: string, @Param('id') id: string, @Body() body: unknown, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.access.assert(p, tenant);
    const group = await this.groups.find(tenant, id);
    const userName = referenceId(objectBody(body).user);
    if (!userName) throw new DomainError('groups', 'Invalid Data', 'user.id or user.self is required');
    const user = await this.users.find(tenant, userName);
    if (!user.groups.includes(id)) await this.users.update(user, { $addToSet: { groups: id } }, 'roles');
    reply.code(201).header('location', `${this.self(group)}/users/${encodeURIComponent(userName)}`);
    return { self: `${this.self(group)}/users/${encodeURIComponent(userName)}`, user: this.links.user(user) };
  }

  @Delete('groups/:id/users/:userName')
  @ApiRoute('Remove a user from a group', { status: 204 })
  @HttpCode(204)
  @Roles(...RoleSets.userAdmin)
  async removeMember(@CurrentPrincipal() p: Principal, @Param('tenant') tenant: string, @Param('id') id: string, @Param('userName') userName: string) {
    await this.access.assert(p, tenant);
    const user = await this.users.find(tenant, userName);
    if (!user.groups.includes(id)) throw new DomainError('groups', 'Not Found', `User ${userName} is not in group ${id}`);
    await this.users.update(user, { $pull: { groups: id } }, 'roles');
  }

  private view(g: StoredGroup) {
    const self = this.self(g);
    return { id: g.id, name: g.name, self, roles: { self: `${self}/roles`, references: g.roles.map((r) => this.links.roleReference(self, r)) }, users: { self: `${self}/users` } };
  }

  private self(g: { tenant: string; id: string }) {
    return `${this.links.base}/user/${g.tenant}/groups/${g.id}`;
  }
}
