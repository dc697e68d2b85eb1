import { Controller, Get, Headers, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Roles, RoleSets } from '@berth/auth';
import type { BaseConfig } from '@berth/config';
import { negotiate } from '@berth/http';
import { BASE_CONFIG } from '@berth/runtime';
import { ApiRoute } from '@berth/openapi';

/**
 * `GET /application` (docs/api/applications.md): the ApplicationApi resource, the root clients build every
 * application URI from. The by-name and by-owner templates are the real platform's, which clients
 * use; they differ from the layout of `GET /application/applicationsByName/{name}`.
 */
@Controller('application')
export class ApplicationApiController {
  private readonly body: Record<string, unknown>;

  constructor(@Inject(BASE_CONFIG) private readonly config: BaseConfig) {
    const base = `${config.BERTH_PUBLIC_URL.replace(/\/$/, '')}/application`;
    this.body = {
      self: base,
      applicationById: `${base}/applications/{id}`,
      applications: { self: `${base}/applications`, applications: [] },
      applicationsByName: `${base}/applicationsByName/{name}`,
      applicationsByTenant: `${base}/applicationsByTenant/{tenant}`,
      applicationsByOwner: `${base}/applicationsByOwner/{tenant}`,
      applicationsByUser: `${base}/applicationsByUser/{user}`,
    };
  }

  @Get()
  @ApiRoute('The ApplicationApi resource: URI templates of the application interface', { returns: 'applicationApi' })
  @Roles(...RoleSets.applicationApiRead)
  get(@Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    reply.header('content-type', negotiate(this.config.BERTH_BRAND, 'applicationApi', accept));
    return this.body;
  }
}
