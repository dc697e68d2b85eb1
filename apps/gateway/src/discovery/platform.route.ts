import type { FastifyInstance } from 'fastify';
import { negotiate } from '@berth/http';
import type { PublicBase } from '@berth/runtime';
import { GatewayConfig } from '../config/gateway.env';
import { platformResource } from './platform-resource';

/**
 * `GET /platform` (docs/api/conventions.md), answered by the gateway itself: it is the root of
 * every interface. Its links start with the request's public base; the body of the last base is kept.
 */
export function registerPlatformRoute(fastify: FastifyInstance, config: GatewayConfig, publicBase: PublicBase) {
  let last = { base: '', body: '' };
  fastify.get('/platform', (req, reply) => {
    const base = publicBase.url;
    if (last.base !== base) last = { base, body: JSON.stringify(platformResource(base)) };
    reply.header('content-type', negotiate(config.BERTH_BRAND, 'platformApi', req.headers.accept)).send(last.body);
  });
}
