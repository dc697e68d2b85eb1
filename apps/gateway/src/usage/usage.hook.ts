import type { FastifyInstance } from 'fastify';
import { UsageCounter } from './usage-counter';

/** Counts every public request Fastify serves by application key (the proxy path counts its own). */
export function registerUsageHook(fastify: FastifyInstance, counter: UsageCounter) {
  fastify.addHook('onRequest', (req, _reply, done) => {
    counter.countRequest(req.url, req.headers);
    done();
  });
}
