import { Body, Controller, Get, Headers, Inject, Put, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { BootstrapAccess, CurrentPrincipal, Principal } from '@berth/auth';
import type { BaseConfig } from '@berth/config';
import { negotiate } from '@berth/http';
import { BASE_CONFIG, PublicBase } from '@berth/runtime';
import { UpdateApplicationCommand } from '../application/commands/update-application/update-application.command';
import { GetCurrentApplicationQuery } from '../application/queries/get-current-application/get-current-application.query';
import { GetCurrentSettingsQuery } from '../application/queries/get-current-settings/get-current-settings.query';
import { applicationResource } from './application.representation';
import { ApiRoute } from '@berth/openapi';

/**
 * `GET`/`PUT /application/currentApplication` and its settings (docs/api/applications.md): the calling
 * microservice's own application, for its bootstrap user only (`…/subscriptions` is the subscription app's).
 */
@Controller('application/currentApplication')
export class CurrentApplicationController {
  private get base(): string { return this.publicBase.url; }

  constructor(@Inject(BASE_CONFIG) private readonly config: BaseConfig, private readonly commands: CommandBus, private readonly queries: QueryBus, private readonly publicBase: PublicBase) {}

  @Get()
  @ApiRoute('The caller\'s (microservice\'s) application', { returns: 'application' })
  @BootstrapAccess()
  async get(@CurrentPrincipal() caller: Principal, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    reply.header('content-type', negotiate(this.config.BERTH_BRAND, 'application', accept));
    return applicationResource(await this.queries.execute(new GetCurrentApplicationQuery(caller)), this.base);
  }

  /** The PUT rules of every resource (libs/http partial-update), applied to the caller's application. */
  @Put()
  @ApiRoute('Update the caller\'s application (partial)', { returns: 'application', accepts: 'application:applicationUpdate' })
  @BootstrapAccess()
  async update(@CurrentPrincipal() caller: Principal, @Body() body: unknown, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    reply.header('content-type', negotiate(this.config.BERTH_BRAND, 'application', accept));
    const app = await this.queries.execute(new GetCurrentApplicationQuery(caller));
    return applicationResource(await this.commands.execute(new UpdateApplicationCommand(app._id, body, caller)), this.base);
  }

  @Get('settings')
  @ApiRoute('The current application\'s settings', { returns: 'option:applicationSettings' })
  @BootstrapAccess()
  async settings(@CurrentPrincipal() caller: Principal, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    const settings = await this.queries.execute(new GetCurrentSettingsQuery(caller));
    reply.header('content-type', negotiate(this.config.BERTH_BRAND, 'option', accept));
    return settings;
  }
}
