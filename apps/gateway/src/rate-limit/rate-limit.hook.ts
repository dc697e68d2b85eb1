import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { CachedPrincipal } from '../auth/credential-cache';
import { RateLimiter } from './rate-limiter';

/**
 * Applies the tenant's rate limit to an authenticated request: undefined when it may go on at once,
 * a promise when it waits in the tenant's queue, a thrown 429 when the queue is full. A client that
 * goes away while queued gives up its place. Unauthenticated (public) requests are not limited.
 */
export function admitRequest(limiter: RateLimiter, auth: CachedPrincipal | undefined, res: ServerResponse): Promise<void> | undefined {
  const tenant = auth?.principal.tenant;
  return tenant === undefined ? undefined : limiter.admit(tenant, (cancel) => res.once('close', cancel));
}

/** The rate limit for requests Fastify serves, after the auth hook (so registered after it); the proxy path applies its own. */
export function registerRateLimitHook(fastify: FastifyInstance, limiter: RateLimiter) {
  fastify.addHook('onRequest', (req, reply, done) => {
    let waiting: Promise<void> | undefined;
    try {
      waiting = admitRequest(limiter, req.auth, reply.raw);
    } catch (err) {
      return done(err as Error);
    }
    if (!waiting) return done();
    waiting.then(() => done(), (err: Error) => done(err));
  });
}
