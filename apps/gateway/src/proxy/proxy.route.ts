import { NotFoundException } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError, effectiveMethod } from '@berth/http';
import { GatewayConfig } from '../config/gateway.env';
import { owningApp } from '../routing/route-table';
import { clientResponseHeaders, upstreamRequestHeaders } from './forward-headers';
import { Upstreams } from './upstreams';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;

/**
 * The gateway's hot path: a raw Fastify catch-all route (no Nest pipes, guards or interceptors)
 * that streams each request to the app owning its path through that app's keep-alive Pool, and
 * streams the answer back. Bodies are never buffered: the gateway registers no body parser.
 */
export function registerProxyRoute(fastify: FastifyInstance, upstreams: Upstreams, config: GatewayConfig) {
  const publicBase = config.BERTH_PUBLIC_URL.replace(/\/$/, '');

  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', (_req: FastifyRequest, _payload: unknown, done: (err: null) => void) => done(null));

  fastify.route({
    method: [...METHODS],
    url: '/*',
    handler: async (req, reply) => {
      const queryAt = req.url.indexOf('?');
      const app = owningApp(queryAt === -1 ? req.url : req.url.slice(0, queryAt));
      // The error filter answers 404, or 405 with `Allow` for a path the gateway serves itself.
      if (!app) throw new NotFoundException();
      const method = effectiveMethod(req.method, req.headers['x-http-method']) as (typeof METHODS)[number];
      const hasBody = req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0'
        || req.headers['transfer-encoding'] !== undefined;
      try {
        const res = await upstreams.pool(app).request({
          method,
          path: req.url,
          headers: upstreamRequestHeaders(req.headers, {
            host: req.headers.host ?? '', proto: req.protocol, for: req.ip, requestId: req.id,
          }),
          body: hasBody ? req.raw : undefined,
        });
        reply.code(res.statusCode).headers(clientResponseHeaders(res.headers, upstreams.origin(app), publicBase));
        return reply.send(res.body);
      } catch (err) {
        req.log.warn({ app, err: (err as Error).message }, 'upstream unavailable');
        throw new DomainError('general', 'Service Unavailable', `${app} is not available, retry later`, { 'retry-after': '5' });
      }
    },
  });
}
