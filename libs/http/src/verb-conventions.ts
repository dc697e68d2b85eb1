import type { FastifyInstance } from 'fastify';

/**
 * SPEC.md "Response details" 2: a PUT or POST without an `Accept` header succeeds with an empty
 * body. Status and headers such as `Location` stay; only the representation is left out.
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
