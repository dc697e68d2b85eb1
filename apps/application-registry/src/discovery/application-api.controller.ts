import { Controller, Get, Headers, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Roles, RoleSets } from '@berth/auth';
import type { BaseConfig } from '@berth/config';
import { negotiate } from '@berth/http';
import { BASE_CONFIG, PublicBase } from '@berth/runtime';
import { ApiRoute } from '@berth/openapi';

/**
 * `GET /application` (docs/api/applications.md): the ApplicationApi resource, the root clients build every
 * application URI from. The by-name and by-owner templates are the real platform's, which clients
 * use; they differ from the layout of `GET /application/applicationsByName/{name}`.
 */
@Controller('application')
export class ApplicationApiController {
  /** The body of the last public base asked for: nearly every request of a deployment has the same. */
  private last = { base: '', body: {} as Record<string, unknown> };

  constructor(@Inject(BASE_CONFIG) private readonly config: BaseConfig, private readonly publicBase: PublicBase) {}

  private body(): Record<string, unknown> {
    if (this.last.base === this.publicBase.url) return this.last.body;
    const base = `${this.publicBase.url}/application`;
    const body = {
      self: base,
      applicationById: `${base}/applications/{id}`,
      applications: { self: `${base}/applications`, applications: [] },
      applicationsByName: `${base}/applicationsByName/{name}`,
      applicationsByTenant: `${base}/applicationsByTenant/{tenant}`,
      applicationsByOwner: `${base}/applicationsByOwner/{tenant}`,
      applicationsByUser: `${base}/applicationsByUser/{user}`,
    };
    this.last = { base: this.publicBase.url, body };
    return body;
  }

  @Get()
  @ApiRoute('The ApplicationApi resource: URI templates of the application interface', { returns: 'applicationApi' })
  @Roles(...RoleSets.applicationApiRead)
  get(@Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    reply.header('content-type', negotiate(this.config.BERTH_BRAND, 'applicationApi', accept));
    return this.body();
  }
}
