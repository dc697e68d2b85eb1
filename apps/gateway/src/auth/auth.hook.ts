import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PRINCIPAL_HEADER } from '@berth/auth';
import type { CachedPrincipal } from './credential-cache';
import { Authenticator } from './authenticator';
import { isPublicPath } from './public-paths';

declare module 'fastify' {
  interface FastifyRequest { auth?: CachedPrincipal }
}

/**
 * Authenticates every request but the public paths before any route runs (DESIGN.md section 5).
 * A client never gets to pass a principal of its own: the internal header is dropped first.
 */
export function registerAuthHook(fastify: FastifyInstance, authenticator: Authenticator) {
  fastify.addHook('onRequest', async (req: FastifyRequest) => {
    delete req.headers[PRINCIPAL_HEADER];
    const queryAt = req.url.indexOf('?');
    if (isPublicPath(queryAt === -1 ? req.url : req.url.slice(0, queryAt))) return;
    req.auth = await authenticator.authenticate(req.method, req.headers);
  });
}
