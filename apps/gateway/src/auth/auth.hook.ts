import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CachedPrincipal } from './credential-cache';
import { Authenticator } from './authenticator';
import { authenticateRequest } from './request-auth';

declare module 'fastify' {
  interface FastifyRequest { auth?: CachedPrincipal }
}

/** Authenticates every request Fastify serves but the public paths, before any route runs (the proxy path does the same itself). */
export function registerAuthHook(fastify: FastifyInstance, authenticator: Authenticator) {
  fastify.addHook('onRequest', async (req: FastifyRequest) => {
    req.auth = await authenticateRequest(authenticator, req.method, req.url, req.headers);
  });
}
