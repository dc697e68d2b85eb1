import { Body, Controller, Delete, Get, Headers, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { CurrentPrincipal, Principal, Roles, RoleSets } from '@berth/auth';
import type { BaseConfig } from '@berth/config';
import { negotiate } from '@berth/http';
import { pageLinks, parsePageQuery, QueryParams } from '@berth/paging';
import { BASE_CONFIG, PublicBase } from '@berth/runtime';
import { SubscribeTenantCommand } from '../application/commands/subscribe-tenant/subscribe-tenant.command';
import { UnsubscribeTenantCommand } from '../application/commands/unsubscribe-tenant/unsubscribe-tenant.command';
import { ListSubscriptionsQuery } from '../application/queries/list-subscriptions/list-subscriptions.query';
import { applicationReference } from './reference.representation';
import { ApiRoute } from '@berth/openapi';

/**
 * `/tenant/tenants/{tenant}/applications` and its items: a tenant's subscriptions (docs/api/subscriptions.md). Who may call is decided per tenant
 * (subscription-rules.ts); the roles here only keep out callers who can never pass.
 */
@Controller('tenant/tenants/:tenant/applications')
export class TenantApplicationsController {
  private get base(): string { return this.publicBase.url; }

  constructor(@Inject(BASE_CONFIG) private readonly config: BaseConfig, private readonly commands: CommandBus, private readonly queries: QueryBus, private readonly publicBase: PublicBase) {}

  @Post()
  @ApiRoute('Subscribe a tenant to an application (200: subscribed already, the microservice\'s pending roles accepted)', { status: [201, 200], returns: 'applicationReference', accepts: 'applicationReference:subscribeRequest' })
  @Roles(...RoleSets.applicationAdmin, ...RoleSets.tenantAdmin)
  async subscribe(@Param('tenant') tenant: string, @Body() body: unknown, @CurrentPrincipal() caller: Principal,
    @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    const type = negotiate(this.config.BERTH_BRAND, 'applicationReference', accept);
    const { subscription, application, created } = await this.commands.execute(new SubscribeTenantCommand(tenant, body, caller));
    const resource = applicationReference(subscription, application, this.base);
    if (created) reply.status(201).header('location', resource.self as string);
    else reply.status(200);
    reply.header('content-type', type);
    return resource;
  }

  @Get()
  @ApiRoute('A tenant\'s subscriptions', { returns: 'applicationReferenceCollection', paged: true })
  @Roles(...RoleSets.applicationRead, ...RoleSets.tenantRead)
  async list(@Param('tenant') tenant: string, @Query() query: QueryParams, @CurrentPrincipal() caller: Principal,
    @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    reply.header('content-type', negotiate(this.config.BERTH_BRAND, 'applicationReferenceCollection', accept));
    const page = parsePageQuery(query);
    const result = await this.queries.execute(new ListSubscriptionsQuery(tenant, page, caller));
    const links = pageLinks({ baseUrl: this.base, path: `/tenant/tenants/${encodeURIComponent(tenant)}/applications`, query, page, count: result.items.length, total: result.total });
    return { ...links, references: result.items.map((i) => applicationReference(i.subscription, i.application, this.base)) };
  }

  @Delete(':applicationId')
  @ApiRoute('Unsubscribe a tenant from an application', { status: 204 })
  @HttpCode(204)
  @Roles(...RoleSets.applicationAdmin, ...RoleSets.tenantAdmin)
  async unsubscribe(@Param('tenant') tenant: string, @Param('applicationId') applicationId: string, @CurrentPrincipal() caller: Principal): Promise<void> {
    await this.commands.execute(new UnsubscribeTenantCommand(tenant, applicationId, caller));
  }
}
