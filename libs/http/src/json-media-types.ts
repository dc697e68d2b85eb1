import type { FastifyInstance } from 'fastify';

/**
 * Parses bodies sent as any `application/…+json` type (the vendor media types clients send,
 * e.g. `application/vnd.com.nsn.<brand>.application+json`) as JSON, like `application/json`:
 * malformed JSON is a 400, a prototype-polluting key is refused.
 */
export function registerJsonMediaTypes(fastify: FastifyInstance): void {
  fastify.addContentTypeParser(/^application\/[^;\s]+\+json(\s*;.*)?$/i, { parseAs: 'string' }, fastify.getDefaultJsonParser('error', 'error'));
}
