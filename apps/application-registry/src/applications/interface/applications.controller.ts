import { Body, Controller, Delete, Get, Headers, HttpCode, Inject, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { CurrentPrincipal, Principal, Roles, RoleSets } from '@berth/auth';
import type { BaseConfig } from '@berth/config';
import { negotiate } from '@berth/http';
import type { QueryParams } from '@berth/paging';
import { BASE_CONFIG, PublicBase } from '@berth/runtime';
import { CloneApplicationCommand } from '../application/commands/clone-application/clone-application.command';
import { CreateApplicationCommand } from '../application/commands/create-application/create-application.command';
import { DeleteApplicationCommand } from '../application/commands/delete-application/delete-application.command';
import { UpdateApplicationCommand } from '../application/commands/update-application/update-application.command';
import { GetApplicationQuery } from '../application/queries/get-application/get-application.query';
import { ApplicationDocument } from '../domain/application';
import { applicationResource, BOOLEAN_PARAM, booleanParam } from './application.representation';
import { ApiRoute } from '@berth/openapi';

/** One application: create, read, update, delete, clone (docs/api/applications.md). */
@Controller('application/applications')
export class ApplicationsController {
  private get base(): string { return this.publicBase.url; }

  constructor(@Inject(BASE_CONFIG) private readonly config: BaseConfig, private readonly commands: CommandBus, private readonly queries: QueryBus, private readonly publicBase: PublicBase) {}

  @Post()
  @ApiRoute('Create an application', { status: 201, returns: 'application', accepts: 'application:applicationCreate' })
  @Roles(...RoleSets.applicationAdmin)
  async create(@Body() body: unknown, @CurrentPrincipal() caller: Principal, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    const type = negotiate(this.config.BERTH_BRAND, 'application', accept);
    return this.created(await this.commands.execute(new CreateApplicationCommand(body, caller)), type, reply);
  }

  @Get(':id')
  @ApiRoute('An application', { returns: 'application' })
  @Roles(...RoleSets.applicationRead)
  async get(@Param('id') id: string, @CurrentPrincipal() caller: Principal, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    reply.header('content-type', negotiate(this.config.BERTH_BRAND, 'application', accept));
    return applicationResource(await this.queries.execute(new GetApplicationQuery(id, caller)), this.base);
  }

  @Put(':id')
  @ApiRoute('Update an application (partial)', { returns: 'application', accepts: 'application:applicationUpdate' })
  @Roles(...RoleSets.applicationAdmin)
  async update(@Param('id') id: string, @Body() body: unknown, @CurrentPrincipal() caller: Principal, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    reply.header('content-type', negotiate(this.config.BERTH_BRAND, 'application', accept));
    return applicationResource(await this.commands.execute(new UpdateApplicationCommand(id, body, caller)), this.base);
  }

  @Delete(':id')
  @ApiRoute('Delete an application', { status: 204, query: ['force'], params: { force: BOOLEAN_PARAM } })
  @HttpCode(204)
  @Roles(...RoleSets.applicationAdmin)
  async delete(@Param('id') id: string, @Query() query: QueryParams, @CurrentPrincipal() caller: Principal): Promise<void> {
    await this.commands.execute(new DeleteApplicationCommand(id, booleanParam(query, 'force') ?? false, caller));
  }

  @Post(':id/clone')
  @ApiRoute('Clone an application with its active binary', { status: 201, returns: 'application' })
  @Roles(...RoleSets.applicationAdmin)
  async clone(@Param('id') id: string, @CurrentPrincipal() caller: Principal, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    const type = negotiate(this.config.BERTH_BRAND, 'application', accept);
    return this.created(await this.commands.execute(new CloneApplicationCommand(id, caller)), type, reply);
  }

  private created(app: ApplicationDocument, type: string, reply: FastifyReply) {
    const resource = applicationResource(app, this.base);
    reply.status(201).header('location', resource.self as string).header('content-type', type);
    return resource;
  }
}
