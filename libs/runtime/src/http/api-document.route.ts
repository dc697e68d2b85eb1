import type { FastifyInstance } from 'fastify';
import { assertInternalCaller } from './internal-caller';

/** Where each app serves the OpenAPI document of its public routes; the gateway merges them. */
export const API_DOCUMENT_PATH = '/internal/openapi.json';

/**
 * `GET /internal/openapi.json`: the app's OpenAPI document, built on first use, for another
 * Berth app only (principal kind `internal`: 401 without a valid principal, 403 for any other kind).
 */
export function registerApiDocumentRoute(fastify: FastifyInstance, internalKey: string, build: () => Promise<object>): void {
  let document: Promise<string> | undefined;
  fastify.get(API_DOCUMENT_PATH, async (req, reply) => {
    assertInternalCaller(req.headers, internalKey);
    document ??= build().then((d) => JSON.stringify(d));
    const json = await document.catch((err: unknown) => { document = undefined; throw err; });
    return reply.header('content-type', 'application/json').header('cache-control', 'no-store').send(json);
  });
}
