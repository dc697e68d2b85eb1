import { NotFoundException } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PRINCIPAL_HEADER } from '@berth/auth';
import { DomainError, effectiveMethod } from '@berth/http';
import { credentialsChangedBy } from '../auth/identity-writes';
import type { CredentialCache } from '../auth/credential-cache';
import { GatewayConfig } from '../config/gateway.env';
import { owningApp } from '../routing/route-table';
import { proxyToService, servicePath } from '../services/service-proxy';
import type { ServiceRoutes } from '../services/service-routes';
import { clientResponseHeaders, upstreamRequestHeaders } from './forward-headers';
import { Upstreams } from './upstreams';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;

/**
 * The gateway's hot path: a raw Fastify catch-all route (no Nest pipes, guards or interceptors)
 * that streams each request to the app owning its path through that app's keep-alive Pool, and
 * streams the answer back. Bodies are never buffered: the gateway registers no body parser.
 */
export function registerProxyRoute(fastify: FastifyInstance, upstreams: Upstreams, config: GatewayConfig, credentials: CredentialCache, services: ServiceRoutes) {
  const publicBase = config.BERTH_PUBLIC_URL.replace(/\/$/, '');

  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', (_req: FastifyRequest, _payload: unknown, done: (err: null) => void) => done(null));

  fastify.route({
    method: [...METHODS],
    url: '/*',
    handler: async (req, reply) => {
      const queryAt = req.url.indexOf('?');
      const path = queryAt === -1 ? req.url : req.url.slice(0, queryAt);
      const app = owningApp(path);
      const method = effectiveMethod(req.method, req.headers['x-http-method']) as (typeof METHODS)[number];
      const service = app ? undefined : servicePath(path);
      if (service) return proxyToService(req, reply, service, services, method, publicBase);
      // The error filter answers 404, or 405 with `Allow` for a path the gateway serves itself.
      if (!app) throw new NotFoundException();
      const hasBody = req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0'
        || req.headers['transfer-encoding'] !== undefined;
      const headers = upstreamRequestHeaders(req.headers, { host: req.headers.host ?? '', proto: req.protocol, for: req.ip, requestId: req.id });
      if (req.auth) headers[PRINCIPAL_HEADER] = req.auth.token;
      let res;
      try {
        res = await upstreams.pool(app).request({ method, path: req.url, headers, body: hasBody ? req.raw : undefined });
      } catch (err) {
        req.log.warn({ app, err: (err as Error).message }, 'upstream unavailable');
        throw new DomainError('general', 'Service Unavailable', `${app} is not available, retry later`, { 'retry-after': '5' });
      }
      const changed = req.auth && res.statusCode < 300 ? credentialsChangedBy(method, path, req.auth.principal) : undefined;
      if (changed) await (changed.user ? credentials.evictUser(changed.tenant, changed.user) : credentials.evictTenant(changed.tenant));
      if (req.auth && res.statusCode < 300 && method === 'POST' && /^\/user\/logout\/?$/.test(path)) await credentials.evictKey(req.auth.key);
      reply.code(res.statusCode).headers(clientResponseHeaders(res.headers, upstreams.origin(app), publicBase));
      return reply.send(res.body);
    },
  });
}
