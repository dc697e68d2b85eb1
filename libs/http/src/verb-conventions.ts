import type { FastifyInstance } from 'fastify';

/**
 * A PUT or POST without an `Accept` header succeeds with an empty
 * body (docs/api/conventions.md). Status and headers such as `Location` stay; only the representation is left out.
 */
export function registerVerbConventions(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (req, reply, payload, done) => {
    if ((req.method === 'PUT' || req.method === 'POST') && req.headers.accept === undefined && reply.statusCode < 300) {
      reply.removeHeader('content-type');
      return done(null, '');
    }
    done(null, payload);
  });
}
