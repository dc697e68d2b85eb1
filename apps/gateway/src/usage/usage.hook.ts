import type { FastifyInstance } from 'fastify';
import { UsageCounter } from './usage-counter';

/** Counts every public request by application key; the gateway's own `/health` is not usage. */
export function registerUsageHook(fastify: FastifyInstance, counter: UsageCounter) {
  const header = counter.header;
  fastify.addHook('onRequest', (req, _reply, done) => {
    if (req.url !== '/health') counter.count(req.headers[header]);
    done();
  });
}
