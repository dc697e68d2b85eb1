import { Controller, Get, Headers, Inject, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { BootstrapAccess, CurrentPrincipal, Principal } from '@berth/auth';
import type { BaseConfig } from '@berth/config';
import { negotiate } from '@berth/http';
import { BASE_CONFIG, PublicBase } from '@berth/runtime';
import { CurrentApplicationUsersQuery } from '../application/queries/current-application-users/current-application-users.query';
import { ApiRoute } from '@berth/openapi';

/** `GET /application/currentApplication/subscriptions` (docs/api/subscriptions.md): the calling microservice's service users, one per subscribed tenant, all on one page. */
@Controller('application/currentApplication/subscriptions')
export class CurrentApplicationSubscriptionsController {
  private get base(): string { return this.publicBase.url; }

  constructor(@Inject(BASE_CONFIG) private readonly config: BaseConfig, private readonly queries: QueryBus, private readonly publicBase: PublicBase) {}

  @Get()
  @ApiRoute('The current application\'s subscribed tenants and their service users', { returns: 'applicationUserCollection' })
  @BootstrapAccess()
  async list(@CurrentPrincipal() caller: Principal, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    reply.header('content-type', negotiate(this.config.BERTH_BRAND, 'applicationUserCollection', accept));
    const users = await this.queries.execute(new CurrentApplicationUsersQuery(caller));
    return {
      self: `${this.base}/application/currentApplication/subscriptions`,
      users,
      statistics: { currentPage: 1, pageSize: Math.max(users.length, 1), totalPages: 1 },
    };
  }
}
