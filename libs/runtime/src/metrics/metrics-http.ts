import { createServer, Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Metrics, UNMATCHED_ROUTE } from './metrics';

/** Counts and times every answered request by its route pattern (`(unmatched)` when none), never by raw URL. */
export function registerRequestMetrics(fastify: FastifyInstance, metrics: Metrics): void {
  fastify.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? UNMATCHED_ROUTE;
    metrics.request(req.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

/** `GET /metrics` on the app's own port, outside Nest and so outside the principal guard. */
export function registerMetricsRoute(fastify: FastifyInstance, metrics: Metrics): void {
  fastify.get('/metrics', async (_req, reply) => {
    const { contentType, body } = await metrics.scrape();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
  });
}

/**
 * `GET /metrics` on a port of its own, for an app whose own port is public (the gateway). Every
 * other path is 404. Resolves once listening; rejects when the port cannot be bound.
 */
export async function listenMetrics(metrics: Metrics, port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metrics.scrape().then(
      ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body),
      (err: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`${err.message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
