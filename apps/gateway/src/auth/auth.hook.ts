import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CachedPrincipal } from './credential-cache';
import { Authenticator } from './authenticator';
import { authenticateRequest } from './request-auth';
import type { GatewayFence } from '../consistency/gateway-fence';

declare module 'fastify' {
  interface FastifyRequest { auth?: CachedPrincipal }
}

/**
 * Authenticates every request Fastify serves but the public paths, before any route runs, once the
 * gateway's events hold every acknowledged write (the proxy path does the same itself).
 */
export function registerAuthHook(fastify: FastifyInstance, authenticator: Authenticator, fence: GatewayFence) {
  fastify.addHook('onRequest', async (req: FastifyRequest) => {
    await fence.admit();
    req.auth = await authenticateRequest(authenticator, req.method, req.url, req.headers);
  });
}
