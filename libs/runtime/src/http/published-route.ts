import type { FastifyInstance } from 'fastify';
import { DomainError, serviceUnavailable } from '@berth/http';
import { encodePositions } from '@berth/messaging';
import { causalFence, PUBLISHED_PATH } from '../messaging/causal-fence';
import { assertInternalCaller } from './internal-caller';

/**
 * `GET /internal/outbox/published?reportedBy=<ms>`, for the gateway only (principal kind `internal`):
 * once every message of the writes this app answered by then is published, 200 with the positions
 * of all it published (`{"positions":"…"}`); until then 503 (docs/consistency.md, "When Kafka is away").
 */
export function registerPublishedRoute(fastify: FastifyInstance, internalKey: string): void {
  fastify.get(PUBLISHED_PATH, async (req, reply) => {
    assertInternalCaller(req.headers, internalKey);
    const reportedBy = Number((req.query as { reportedBy?: string }).reportedBy);
    if (!Number.isFinite(reportedBy)) throw new DomainError('general', 'Unprocessable Entity', 'reportedBy must be a time in ms since the epoch');
    const positions = causalFence.publishedSince(reportedBy);
    if (!positions) throw serviceUnavailable('Messages of earlier writes are not published yet');
    return reply.header('cache-control', 'no-store').send({ positions: encodePositions(positions) });
  });
}
