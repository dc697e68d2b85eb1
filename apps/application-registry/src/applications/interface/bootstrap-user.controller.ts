import { Controller, Get, Headers, Inject, Param, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { CurrentPrincipal, Principal, Roles, RoleSets } from '@berth/auth';
import type { BaseConfig } from '@berth/config';
import { negotiate } from '@berth/http';
import { BASE_CONFIG } from '@berth/runtime';
import { GetBootstrapUserQuery } from '../application/queries/get-bootstrap-user/get-bootstrap-user.query';
import { ApiRoute } from '@berth/openapi';

/** `GET /application/applications/{id}/bootstrapUser` (docs/api/applications.md): a microservice's bootstrap user `{tenant, name, password}` (the ApplicationUser, `user` media type). */
@Controller('application/applications')
export class BootstrapUserController {
  constructor(@Inject(BASE_CONFIG) private readonly config: BaseConfig, private readonly queries: QueryBus) {}

  @Get(':id/bootstrapUser')
  @ApiRoute('A microservice\'s bootstrap user', { returns: 'user:bootstrapUser' })
  @Roles(...RoleSets.applicationAdmin)
  async get(@Param('id') id: string, @CurrentPrincipal() caller: Principal, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    const type = negotiate(this.config.BERTH_BRAND, 'user', accept);
    const user = await this.queries.execute(new GetBootstrapUserQuery(id, caller));
    reply.header('content-type', type);
    return user;
  }
}
