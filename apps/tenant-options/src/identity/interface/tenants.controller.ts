import { Body, Controller, Delete, Get, Headers, HttpCode, Inject, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { CurrentPrincipal, forbidden, Principal, Roles, RoleSets } from '@berth/auth';
import { DomainError, negotiate } from '@berth/http';
import { pageLinks, parsePageQuery, QueryParams } from '@berth/paging';
import { TENANT_OPTIONS_CONFIG } from '../../config/tenant-options.token';
import type { TenantOptionsConfig } from '../../config/tenant-options.env';
import { CreateTenantCommand } from '../application/commands/create-tenant/create-tenant.command';
import { DeleteTenantCommand } from '../application/commands/delete-tenant/delete-tenant.command';
import { UpdateTenantCommand } from '../application/commands/update-tenant/update-tenant.command';
import { IdentityStore } from '../infrastructure/identity-store';
import { IdentityRepresentations } from './identity-links';
import { objectBody } from './users.controller';
import { ApiRoute } from '@berth/openapi';

/** `/tenant/tenants` (docs/api/tenants-users-auth.md): for the management tenant only. */
@Controller('tenant/tenants')
export class TenantsController {
  constructor(
    private readonly commands: CommandBus, private readonly store: IdentityStore, private readonly links: IdentityRepresentations,
    @Inject(TENANT_OPTIONS_CONFIG) private readonly config: TenantOptionsConfig,
  ) {}

  @Get()
  @ApiRoute('Tenants (the management tenant\'s view)', { returns: 'tenantCollection', paged: true })
  @Roles(...RoleSets.tenantRead)
  async list(@CurrentPrincipal() p: Principal, @Query() query: QueryParams, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    this.management(p);
    const page = parsePageQuery(query);
    reply.header('content-type', negotiate(this.config.BERTH_BRAND, 'tenantCollection', accept));
    const filter = { deleted: { $ne: true as const } };
    const tenants = await this.store.tenants.find(filter).sort({ _id: 1 }).skip(page.skip).limit(page.pageSize).toArray();
    const total = page.withTotalPages ? await this.store.tenants.countDocuments(filter) : undefined;
    return { ...pageLinks({ baseUrl: this.links.base, path: '/tenant/tenants', query, page, count: tenants.length, total }), tenants: tenants.map((t) => this.links.tenant(t)) };
  }

  @Post()
  @ApiRoute('Create a tenant', { status: 201, returns: 'tenant', accepts: 'tenant:tenantRequest' })
  @Roles(...RoleSets.tenantAdmin)
  async create(@CurrentPrincipal() p: Principal, @Body() body: unknown, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    this.management(p);
    const tenant = this.links.tenant(await this.commands.execute(new CreateTenantCommand(objectBody(body), p.tenant)));
    reply.code(201).header('location', tenant.self).header('content-type', negotiate(this.config.BERTH_BRAND, 'tenant', accept));
    return tenant;
  }

  @Get(':id')
  @ApiRoute('A tenant', { returns: 'tenant' })
  @Roles(...RoleSets.tenantRead)
  async get(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    this.management(p);
    const tenant = await this.store.tenants.findOne({ _id: id });
    if (!tenant || tenant.deleted) throw new DomainError('tenants', 'Not Found', `Tenant ${id} does not exist`);
    reply.header('content-type', negotiate(this.config.BERTH_BRAND, 'tenant', accept));
    return this.links.tenant(tenant);
  }

  @Put(':id')
  @ApiRoute('Update a tenant (partial)', { returns: 'tenant', accepts: 'tenant:tenantUpdateRequest' })
  @Roles(...RoleSets.tenantAdmin)
  async update(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Body() body: unknown, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    this.management(p);
    const type = negotiate(this.config.BERTH_BRAND, 'tenant', accept);
    const tenant = await this.commands.execute(new UpdateTenantCommand(id, objectBody(body)));
    reply.header('content-type', type);
    return this.links.tenant(tenant);
  }

  @Delete(':id')
  @ApiRoute('Delete a tenant', { status: 204 })
  @HttpCode(204)
  @Roles(...RoleSets.tenantAdmin)
  async remove(@CurrentPrincipal() p: Principal, @Param('id') id: string) {
    this.management(p);
    await this.commands.execute(new DeleteTenantCommand(id));
  }

  private management(p: Principal) {
    if (p.tenant !== this.config.BERTH_MANAGEMENT_TENANT) throw forbidden('Only the management tenant manages tenants');
  }
}
