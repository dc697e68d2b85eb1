import { createServer, RequestListener, Server } from 'node:http';
import type { RawHandler } from './raw-exchanges';

/** The timeouts Fastify sets on a server it makes itself, and leaves to a `serverFactory`. */
export interface ServerTimeouts { keepAliveTimeout?: number; requestTimeout?: number; connectionTimeout?: number }

/**
 * The app's HTTP server, for Fastify's `serverFactory`: `raw()` (the handler in place, read per
 * request) sees each request first; those it leaves go to Fastify. Fastify's timeouts are applied as
 * Fastify applies them to its own servers (no request timeout: uploads of any length stream on).
 */
export function rawFirstServer(raw: () => RawHandler, fastify: RequestListener, timeouts: ServerTimeouts): Server {
  const server = createServer((req, res) => raw()(req, res) || fastify(req, res));
  if (timeouts.keepAliveTimeout !== undefined) server.keepAliveTimeout = timeouts.keepAliveTimeout;
  if (timeouts.requestTimeout !== undefined) server.requestTimeout = timeouts.requestTimeout;
  if (timeouts.connectionTimeout !== undefined) server.setTimeout(timeouts.connectionTimeout);
  return server;
}
