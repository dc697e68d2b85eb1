import { PublicBase } from '@berth/runtime';
import { Controller, Delete, Get, Headers, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentPrincipal, Principal, Roles, RoleSets } from '@berth/auth';
import { negotiate } from '@berth/http';
import type { RegistryConfig } from '../../config/application-registry.env';
import { REGISTRY_CONFIG } from '../../config/registry-config.token';
import { DeleteVersionCommand } from '../application/commands/delete-version/delete-version.command';
import { UploadBinaryCommand } from '../application/commands/upload-binary/upload-binary.command';
import { GetBinaryQuery } from '../application/queries/get-binary/get-binary.query';
import { ListBinariesQuery } from '../application/queries/list-binaries/list-binaries.query';
import { applicationResource } from './application.representation';
import { attachmentsResource } from './attachments.representation';
import { receiveUpload } from './upload-receiver';
import { ApiRoute } from '@berth/openapi';

/** An application's binaries: upload, list, download, delete (docs/api/applications.md). */
@Controller('application/applications/:id/binaries')
export class BinariesController {
  private get base(): string { return this.publicBase.url; }

  constructor(@Inject(REGISTRY_CONFIG) private readonly config: RegistryConfig, private readonly commands: CommandBus, private readonly queries: QueryBus, private readonly publicBase: PublicBase) {}

  /** 201 with the Application, as the real platform answers (Python's client accepts only 201). */
  @Post()
  @ApiRoute('Upload a binary (ZIP) as a new version', { status: 201, returns: 'application', accepts: 'multipart/form-data' })
  @Roles(...RoleSets.applicationAdmin)
  async upload(@Param('id') id: string, @CurrentPrincipal() caller: Principal, @Headers('accept') accept: string | undefined,
    @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const type = negotiate(this.config.BERTH_BRAND, 'application', accept);
    const { application } = await this.commands.execute(new UploadBinaryCommand(id, caller, () => receiveUpload(req, this.config.BERTH_UPLOAD_MAX_BYTES)));
    reply.status(201).header('content-type', type);
    return applicationResource(application, this.base);
  }

  @Get()
  @ApiRoute('An application\'s binaries (its versions\' attachments)', { returns: 'applicationBinaries' })
  @Roles(...RoleSets.applicationRead)
  async list(@Param('id') id: string, @CurrentPrincipal() caller: Principal, @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply) {
    reply.header('content-type', negotiate(this.config.BERTH_BRAND, 'applicationBinaries', accept));
    const { application, binaries } = await this.queries.execute(new ListBinariesQuery(id, caller));
    return attachmentsResource(application, binaries, this.base);
  }

  @Get(':binaryId')
  @ApiRoute('Download a binary', { returns: 'application/zip' })
  @Roles(...RoleSets.applicationRead)
  async download(@Param('id') id: string, @Param('binaryId') binaryId: string, @CurrentPrincipal() caller: Principal, @Res() reply: FastifyReply) {
    const binary = await this.queries.execute(new GetBinaryQuery(id, binaryId, caller));
    const fileName = binary.fileName.replace(/["\\\r\n]/g, '_');
    return reply.status(200).headers({
      'content-type': 'application/zip', 'content-length': String(binary.length), 'content-disposition': `attachment; filename="${fileName}"`,
    }).send(binary.content);
  }

  /** Deletes a binary with its version, by the rules of `DELETE …/versions` (never the active one nor `latest`). */
  @Delete(':binaryId')
  @ApiRoute('Delete a binary and its version', { status: 204 })
  @HttpCode(204)
  @Roles(...RoleSets.applicationAdmin)
  async delete(@Param('id') id: string, @Param('binaryId') binaryId: string, @CurrentPrincipal() caller: Principal): Promise<void> {
    await this.commands.execute(new DeleteVersionCommand(id, { binaryId }, caller));
  }
}
