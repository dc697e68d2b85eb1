import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Parses bodies sent as any `application/…+json` type (the vendor media types clients send,
 * e.g. `application/vnd.com.nsn.<brand>.application+json`) as JSON, like `application/json`:
 * malformed JSON is a 400, a prototype-polluting key is refused. An empty body is no body
 * (undefined): clients send the media type on requests that carry none, e.g. SPEC.md row 18.
 */
export function registerJsonMediaTypes(fastify: FastifyInstance): void {
  const json = fastify.getDefaultJsonParser('error', 'error');
  fastify.addContentTypeParser(/^application\/[^;\s]+\+json(\s*;.*)?$/i, { parseAs: 'string' }, (req: FastifyRequest, body: string, done) => {
    if (body.length === 0) return done(null, undefined);
    return json(req, body, done);
  });
}
