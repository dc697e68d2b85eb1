import { NotFoundException } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { effectiveMethod, METHODS } from '@berth/http';
import { GatewayConfig } from '../config/gateway.env';
import { proxyToService, servicePath } from '../services/service-proxy';
import type { ServiceRoutes } from '../services/service-routes';

/**
 * The catch-all Fastify route behind the proxy path (proxy-path.ts, which takes every path an
 * internal app owns): streams `/service/<name>/…` to the microservice, and answers 404, or 405 with
 * `Allow` for a path the gateway serves itself, through the error filter. Bodies are never
 * buffered: the gateway registers no body parser.
 */
export function registerProxyRoute(fastify: FastifyInstance, config: GatewayConfig, services: ServiceRoutes) {
  const publicBase = config.BERTH_PUBLIC_URL.replace(/\/$/, '');

  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', (_req: FastifyRequest, _payload: unknown, done: (err: null) => void) => done(null));

  fastify.route({
    method: [...METHODS],
    url: '/*',
    handler: async (req, reply) => {
      const queryAt = req.url.indexOf('?');
      const method = effectiveMethod(req.method, req.headers['x-http-method']);
      const service = servicePath(queryAt === -1 ? req.url : req.url.slice(0, queryAt));
      if (!service) throw new NotFoundException();
      return proxyToService(req, reply, service, services, method, publicBase);
    },
  });
}
