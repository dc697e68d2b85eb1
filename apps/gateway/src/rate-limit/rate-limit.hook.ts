import type { FastifyInstance } from 'fastify';
import { RateLimiter } from './rate-limiter';

/**
 * Applies the tenant's rate limit to every authenticated request, after the auth hook (so it
 * must be registered after it): at once when a token is free, after waiting in the tenant's
 * queue otherwise, or 429 when the queue is full. A client that goes away while queued gives up
 * its place. Unauthenticated (public) requests are not limited here.
 */
export function registerRateLimitHook(fastify: FastifyInstance, limiter: RateLimiter) {
  fastify.addHook('onRequest', (req, reply, done) => {
    const tenant = req.auth?.principal.tenant;
    if (tenant === undefined) return done();
    let waiting: Promise<void> | undefined;
    try {
      waiting = limiter.admit(tenant, (cancel) => reply.raw.once('close', cancel));
    } catch (err) {
      return done(err as Error);
    }
    if (!waiting) return done();
    waiting.then(() => done(), (err: Error) => done(err));
  });
}
