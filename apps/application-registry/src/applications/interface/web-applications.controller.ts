import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public, PRINCIPAL_HEADER, verifyPrincipal } from '@berth/auth';
import { DomainError, PAGE_CSP } from '@berth/http';
import { ApiRoute } from '@berth/openapi';
import { ApiParam } from '@nestjs/swagger';
import type { RegistryConfig } from '../../config/application-registry.env';
import { REGISTRY_CONFIG } from '../../config/registry-config.token';
import { WebApplications } from '../application/web-applications';
import { webAnswer } from '../domain/web/web-answer';

const APP_URL = /^\/apps\/([^/?]*)(\/[^?]*)?/;
const CONTEXT_PATH = { type: 'string', pattern: '^[^/]+$' };

/**
 * Web applications (HOSTED) served at `/apps/<contextPath>/…` (docs/api/applications.md). The
 * gateway forwards these requests with or without credentials; the caller is the principal it
 * names, else an anonymous visitor of the default tenant. GET and HEAD only.
 */
@Controller('apps')
export class WebApplicationsController {
  constructor(private readonly web: WebApplications, @Inject(REGISTRY_CONFIG) private readonly config: RegistryConfig) {}

  @Get(':contextPath')
  @Public()
  @ApiRoute('A web application\'s root: redirects to its folder (`/apps/<contextPath>/`)', { status: 301, public: true, params: { contextPath: CONTEXT_PATH } })
  async root(@Param('contextPath') _contextPath: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.serve(req, reply);
  }

  @Get(':contextPath/*')
  @Public()
  @ApiParam({ name: 'path', required: true, type: String, description: 'The file\'s path inside the application\'s ZIP (empty: index.html)' })
  @ApiRoute('A file of a web application\'s active version; a path naming no file and no extension is its index.html', {
    returns: 'application/octet-stream', public: true, params: { contextPath: CONTEXT_PATH },
  })
  async file(@Param('contextPath') _contextPath: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.serve(req, reply);
  }

  private async serve(req: FastifyRequest, reply: FastifyReply) {
    const [, rawContextPath, rest] = APP_URL.exec(req.raw.url ?? req.url) ?? [];
    const contextPath = decoded(rawContextPath ?? '');
    const notFound = () => new DomainError('applications', 'Not Found', `Application with context path ${contextPath ?? rawContextPath} not found`);
    if (!contextPath) throw notFound();
    const principal = verifyPrincipal(req.headers[PRINCIPAL_HEADER], this.config.BERTH_INTERNAL_KEY);
    const files = await this.web.filesOf(contextPath, principal?.tenant ?? this.web.anonymousTenant);
    if (rest === undefined) {
      return reply.status(301).headers({ location: `${encodeURIComponent(contextPath)}/`, 'cache-control': 'private, no-cache' }).send();
    }
    const answer = webAnswer(files, rest.slice(1), { acceptEncoding: header(req, 'accept-encoding'), ifNoneMatch: header(req, 'if-none-match') });
    if (answer.kind === 'refused') throw new DomainError('applications', answer.status === 400 ? 'Bad Request' : 'Not Found', answer.message);
    reply.status(answer.status).headers(answer.headers);
    if (answer.html) reply.header('content-security-policy', PAGE_CSP);
    return reply.send(answer.body);
  }
}

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment) || undefined;
  } catch {
    return undefined;
  }
}

function header(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
