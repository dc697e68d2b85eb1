import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Parses bodies sent as any `application/…+json` type (the vendor media types clients send,
 * e.g. `application/vnd.com.nsn.<brand>.application+json`) as JSON, like `application/json`:
 * malformed JSON is a 400; a prototype-polluting key (`__proto__`, `constructor.prototype`) is
 * dropped, as the app's `onProtoPoisoning` says (libs/runtime bootstrap). An empty body is no body
 * (undefined): clients send the media type on requests that carry none, e.g. `POST /tenant/loginOptions`.
 */
export function registerJsonMediaTypes(fastify: FastifyInstance): void {
  const { onProtoPoisoning, onConstructorPoisoning } = fastify.initialConfig;
  const json = fastify.getDefaultJsonParser(onProtoPoisoning ?? 'error', onConstructorPoisoning ?? 'error');
  fastify.addContentTypeParser(/^application\/[^;\s]+\+json(\s*;.*)?$/i, { parseAs: 'string' }, (req: FastifyRequest, body: string, done) => {
    if (body.length === 0) return done(null, undefined);
    return json(req, body, done);
  });
}
