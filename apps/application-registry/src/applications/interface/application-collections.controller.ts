import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentPrincipal, Principal, Roles, RoleSets } from '@berth/auth';
import type { BaseConfig } from '@berth/config';
import { negotiate } from '@berth/http';
import { pageLinks, QueryParams } from '@berth/paging';
import { BASE_CONFIG, PublicBase } from '@berth/runtime';
import { ApplicationCriteria, ListApplicationsQuery } from '../application/queries/list-applications/list-applications.query';
import { checkSubscriptionFilters } from '../domain/subscription-filters';
import type { RegistryConfig } from '../../config/application-registry.env';
import { REGISTRY_CONFIG } from '../../config/registry-config.token';
import { applicationResource, BOOLEAN_PARAM, parseApplicationPage, parseCriteria } from './application.representation';
import { ApiRoute } from '@berth/openapi';

/** `/application/applications`, `/application/applicationsByName/{name}` and the other collections the ApplicationApi names, paged (docs/api/applications.md). */
@Controller('application')
export class ApplicationCollectionsController {
  private get base(): string { return this.publicBase.url; }

  constructor(
    @Inject(BASE_CONFIG) private readonly config: BaseConfig,
    @Inject(REGISTRY_CONFIG) private readonly registry: RegistryConfig,
    private readonly queries: QueryBus,
    private readonly publicBase: PublicBase,
  ) {}

  @Get('applications')
  @ApiRoute('Applications, filtered', { returns: 'applicationCollection', paged: true, query: ['name', 'type', 'owner', 'providedFor', 'subscriber', 'tenant', 'user', 'hasVersions', 'noPaging'], params: { hasVersions: BOOLEAN_PARAM } })
  @Roles(...RoleSets.applicationRead)
  all(@Query() query: QueryParams, @CurrentPrincipal() caller: Principal, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.page(parseCriteria(query), query, caller, req, reply);
  }

  @Get('applicationsByName/:name')
  @ApiRoute('Applications by name', { returns: 'applicationCollection', paged: true })
  @Roles(...RoleSets.applicationRead)
  byName(@Param('name') name: string, @Query() query: QueryParams, @CurrentPrincipal() caller: Principal, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.page({ name }, query, caller, req, reply);
  }

  @Get('applicationsByOwner/:tenant')
  @ApiRoute('Applications a tenant owns', { returns: 'applicationCollection', paged: true })
  @Roles(...RoleSets.applicationRead)
  byOwner(@Param('tenant') owner: string, @Query() query: QueryParams, @CurrentPrincipal() caller: Principal, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.page({ owner }, query, caller, req, reply);
  }

  @Get('applicationsByTenant/:tenant')
  @ApiRoute('Applications a tenant is subscribed to', { returns: 'applicationCollection', paged: true })
  @Roles(...RoleSets.applicationRead)
  byTenant(@Param('tenant') subscriber: string, @Query() query: QueryParams, @CurrentPrincipal() caller: Principal, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.page({ subscriber }, query, caller, req, reply);
  }

  /** The JS client's login asks for this with `ROLE_Application_READ` alone, so the API-read set applies. */
  @Get('applicationsByUser/:user')
  @ApiRoute('Applications a user may use', { returns: 'applicationCollection', paged: true })
  @Roles(...RoleSets.applicationApiRead)
  byUser(@Param('user') user: string, @Query() query: QueryParams, @CurrentPrincipal() caller: Principal, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.page({ user }, query, caller, req, reply);
  }

  private async page(criteria: ApplicationCriteria, query: QueryParams, caller: Principal, req: FastifyRequest, reply: FastifyReply) {
    checkSubscriptionFilters(criteria, caller, this.registry.BERTH_MANAGEMENT_TENANT);
    reply.header('content-type', negotiate(this.config.BERTH_BRAND, 'applicationCollection', req.headers.accept));
    const page = parseApplicationPage(query);
    const result = await this.queries.execute(new ListApplicationsQuery(criteria, page, caller));
    const links = pageLinks({ baseUrl: this.base, path: req.url.split('?')[0], query, page, count: result.applications.length, total: result.total });
    return { ...links, applications: result.applications.map((app) => applicationResource(app, this.base)) };
  }
}
