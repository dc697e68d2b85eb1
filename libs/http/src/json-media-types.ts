import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Parses bodies sent as `application/json` or any `application/…+json` type (the vendor media
 * types clients send, e.g. `application/vnd.com.nsn.<brand>.application+json`) as JSON: malformed
 * JSON is a 400; a prototype-polluting key (`__proto__`, `constructor.prototype`) is dropped, as the
 * app's `onProtoPoisoning` says (libs/runtime bootstrap). An empty body is no body (undefined), on
 * every method: many clients send a JSON content type on every request, a body-less `DELETE`
 * among them (docs/api/conventions.md).
 */
export function registerJsonMediaTypes(fastify: FastifyInstance, options: { rawBody?: boolean } = {}): void {
  const { onProtoPoisoning, onConstructorPoisoning } = fastify.initialConfig;
  const json = fastify.getDefaultJsonParser(onProtoPoisoning ?? 'error', onConstructorPoisoning ?? 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser(/^application\/([^;\s]+\+)?json(\s*;.*)?$/i, { parseAs: 'buffer' }, (req: FastifyRequest, body: Buffer, done) => {
    // `rawBody`: the bytes as received, for routes that check a signature over them (Nest's option of that name).
    if (options.rawBody) (req as FastifyRequest & { rawBody?: Buffer }).rawBody = body;
    if (body.length === 0) return done(null, undefined);
    return json(req, body.toString('utf8'), done);
  });
}
