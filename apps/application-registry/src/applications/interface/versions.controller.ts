import { Body, Controller, Delete, Get, Headers, HttpCode, Inject, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentPrincipal, Principal, Roles, RoleSets } from '@berth/auth';
import { negotiate } from '@berth/http';
import type { RegistryConfig } from '../../config/application-registry.env';
import { REGISTRY_CONFIG } from '../../config/registry-config.token';
import { PublicBase } from '@berth/runtime';
import { ActivateVersionCommand } from '../application/commands/activate-version/activate-version.command';
import { DeleteVersionCommand } from '../application/commands/delete-version/delete-version.command';
import { SetVersionTagsCommand } from '../application/commands/set-version-tags/set-version-tags.command';
import { UploadBinaryCommand } from '../application/commands/upload-binary/upload-binary.command';
import { ListVersionsQuery } from '../application/queries/list-versions/list-versions.query';
import { versionResource } from '../domain/application-version';
import { applicationResource } from './application.representation';
import { receiveUpload } from './upload-receiver';
import { ApiRoute } from '@berth/openapi';

const selector = (version?: string, tag?: string) => ({ ...(version ? { version } : {}), ...(tag ? { tag } : {}) });

/** An application's versions: list, create, tag, delete, activate (docs/api/applications.md). */
@Controller('application/applications/:id/versions')
export class VersionsController {
  private get base(): string { return this.publicBase.url; }

  constructor(@Inject(REGISTRY_CONFIG) private readonly config: RegistryConfig, private readonly commands: CommandBus, private readonly queries: QueryBus, private readonly publicBase: PublicBase) {}

  @Get()
  @ApiRoute('An application\'s versions', { returns: 'applicationVersionCollection', query: ['version', 'tag'] })
  @Roles(...RoleSets.applicationRead)
  async list(@Param('id') id: string, @Query('version') version: string | undefined, @Query('tag') tag: string | undefined,
    @CurrentPrincipal() caller: Principal, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    reply.header('content-type', negotiate(this.config.BERTH_BRAND, 'applicationVersionCollection', accept));
    const versions = await this.queries.execute(new ListVersionsQuery(id, selector(version, tag), caller));
    return { self: `${this.base}/application/applications/${encodeURIComponent(id)}/versions`, applicationVersions: versions.map(versionResource) };
  }

  /** 201 with the ApplicationVersion, as the real platform answers; the ZIP goes through the binary upload's checks. */
  @Post()
  @ApiRoute('Create a version from a binary (ZIP) with its version and tags', { status: 201, returns: 'applicationVersion', accepts: 'multipart/form-data:versionUpload' })
  @Roles(...RoleSets.applicationAdmin)
  async create(@Param('id') id: string, @CurrentPrincipal() caller: Principal, @Headers('accept') accept: string | undefined,
    @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const type = negotiate(this.config.BERTH_BRAND, 'applicationVersion', accept);
    const { version } = await this.commands.execute(new UploadBinaryCommand(id, caller, () => receiveUpload(req, this.config.BERTH_UPLOAD_MAX_BYTES), 'version'));
    reply.status(201).header('content-type', type);
    return versionResource(version);
  }

  @Put(':version')
  @ApiRoute('Set a version\'s tags', { returns: 'applicationVersion', accepts: 'applicationVersion:versionTags' })
  @Roles(...RoleSets.applicationAdmin)
  async tag(@Param('id') id: string, @Param('version') version: string, @Body() body: unknown, @CurrentPrincipal() caller: Principal,
    @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    reply.header('content-type', negotiate(this.config.BERTH_BRAND, 'applicationVersion', accept));
    return versionResource(await this.commands.execute(new SetVersionTagsCommand(id, version, body, caller)));
  }

  @Delete()
  @ApiRoute('Delete a version (by version or tag)', { status: 204, query: ['version', 'tag'] })
  @HttpCode(204)
  @Roles(...RoleSets.applicationAdmin)
  async delete(@Param('id') id: string, @Query('version') version: string | undefined, @Query('tag') tag: string | undefined, @CurrentPrincipal() caller: Principal): Promise<void> {
    await this.commands.execute(new DeleteVersionCommand(id, selector(version, tag), caller));
  }

  @Post(':version/activate')
  @ApiRoute('Activate a version', { returns: 'application' })
  @HttpCode(200)
  @Roles(...RoleSets.applicationAdmin)
  async activate(@Param('id') id: string, @Param('version') version: string, @CurrentPrincipal() caller: Principal,
    @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    reply.header('content-type', negotiate(this.config.BERTH_BRAND, 'application', accept));
    return applicationResource(await this.commands.execute(new ActivateVersionCommand(id, version, caller)), this.base);
  }
}
