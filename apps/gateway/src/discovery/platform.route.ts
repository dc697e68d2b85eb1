import type { FastifyInstance } from 'fastify';
import { negotiate } from '@berth/http';
import { GatewayConfig } from '../config/gateway.env';
import { platformResource } from './platform-resource';

/** `GET /platform` (docs/api/conventions.md), answered by the gateway itself: it is the root of every interface. */
export function registerPlatformRoute(fastify: FastifyInstance, config: GatewayConfig) {
  const body = JSON.stringify(platformResource(config.BERTH_PUBLIC_URL));
  fastify.get('/platform', (req, reply) => {
    reply.header('content-type', negotiate(config.BERTH_BRAND, 'platformApi', req.headers.accept)).send(body);
  });
}
