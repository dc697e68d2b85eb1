import { createServer, RequestListener, Server } from 'node:http';
import type { Socket } from 'node:net';
import type { BaseConfig } from '@berth/config';
import type { RawHandler } from './raw-exchanges';
import { silenceSweepMs, SocketSilence } from './socket-silence';

/** The limits of an app's HTTP server, so a client that trickles its request cannot hold connections (docs/security.md); a timeout of 0 is none. */
export interface ServerLimits {
  maxHeaderBytes: number; headersTimeoutMs: number; requestTimeoutMs: number; idleTimeoutMs: number; keepAliveTimeoutMs: number;
}

/** Room for the headers the gateway adds to a client's request on its way to an internal app (principal, `X-Forwarded-*`). */
const FORWARDED_HEADER_ROOM = 8 * 1024;

/** The limits of `BERTH_HTTP_*`; an internal app (not `publicServer`) accepts FORWARDED_HEADER_ROOM more header bytes. */
export function serverLimits(config: BaseConfig, publicServer: boolean): ServerLimits {
  return {
    maxHeaderBytes: config.BERTH_HTTP_MAX_HEADER_BYTES + (publicServer ? 0 : FORWARDED_HEADER_ROOM),
    headersTimeoutMs: config.BERTH_HTTP_HEADERS_TIMEOUT_MS, requestTimeoutMs: config.BERTH_HTTP_REQUEST_TIMEOUT_MS,
    idleTimeoutMs: config.BERTH_HTTP_IDLE_TIMEOUT_MS, keepAliveTimeoutMs: config.BERTH_HTTP_KEEP_ALIVE_TIMEOUT_MS,
  };
}

/**
 * An app's HTTP server under its limits: headers past `maxHeaderBytes` are refused (431); a client
 * must send its headers within `headersTimeoutMs` and the whole request within `requestTimeoutMs`
 * (408, checked every second: slow clients cannot hold connections), and a connection silent for
 * `idleTimeoutMs` is closed (`closeSilentConnections`).
 */
export function limitedServer(listener: RequestListener, limits: ServerLimits): Server {
  const server = createServer({ maxHeaderSize: limits.maxHeaderBytes, connectionsCheckingInterval: 1000 }, listener);
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.headersTimeout = limits.requestTimeoutMs > 0 ? Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) : limits.headersTimeoutMs;
  if (limits.idleTimeoutMs > 0) closeSilentConnections(server, limits.idleTimeoutMs);
  return server;
}

/** Closes the server's connections (upgraded ones included) on which no byte moved either way for `idleMs` (`SocketSilence`). */
function closeSilentConnections(server: Server, idleMs: number): void {
  const watched = new Map<Socket, SocketSilence>();
  server.on('connection', (socket: Socket) => {
    watched.set(socket, new SocketSilence());
    socket.once('close', () => watched.delete(socket));
  });
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [socket, silence] of watched) if (silence.lookAt(socket, now) >= idleMs) socket.destroy();
  }, silenceSweepMs(idleMs)).unref();
  server.once('close', () => clearInterval(sweep));
}

/** The limited server for Fastify's `serverFactory`: `raw()` (the handler in place, read per request) sees each request first; those it leaves go to Fastify. */
export function rawFirstServer(raw: () => RawHandler, fastify: RequestListener, limits: ServerLimits): Server {
  return limitedServer((req, res) => raw()(req, res) || fastify(req, res), limits);
}
