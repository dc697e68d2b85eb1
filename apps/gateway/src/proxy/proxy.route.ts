import { NotFoundException } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { METHODS } from '@berth/http';

/**
 * The catch-all Fastify route behind the proxy path (proxy-path.ts, which takes every path an
 * internal app owns and every `/service/<name>/…`): answers 404, or 405 with `Allow` for a path the
 * gateway serves itself, through the error filter. Bodies are never buffered: the gateway
 * registers no body parser.
 */
export function registerProxyRoute(fastify: FastifyInstance) {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', (_req: FastifyRequest, _payload: unknown, done: (err: null) => void) => done(null));

  fastify.route({
    method: [...METHODS],
    url: '/*',
    handler: async () => {
      throw new NotFoundException();
    },
  });
}
