import type { FastifyInstance } from 'fastify';
import { isPreflight } from './cors-policy';
import { GatewayCors, setCorsHeaders } from './gateway-cors';

/**
 * CORS for the requests Fastify serves (the proxy path does the same itself): a preflight is
 * answered before authentication (a browser sends it without credentials); every other answer to a
 * request with `Origin`, errors included, gets the CORS headers of the caller's tenant as it is sent.
 */
export function registerCorsHooks(fastify: FastifyInstance, cors: GatewayCors) {
  fastify.addHook('onRequest', async (req, reply) => {
    if (!isPreflight(req.method, req.headers)) return;
    await reply.code(204).headers(await cors.preflight(req.headers)).send();
    return reply;
  });
  fastify.addHook('onSend', async (req, reply, payload) => {
    const origin = req.headers.origin;
    if (origin === undefined || isPreflight(req.method, req.headers)) return payload;
    setCorsHeaders({ getHeader: (name) => reply.getHeader(name), setHeader: (name, value) => reply.header(name, value) }, await cors.headers(origin, req.headers, req.auth?.principal.tenant));
    return payload;
  });
}
