import { connect } from 'node:net';
import { serviceUnavailable } from '@berth/http';
import type { GatewayExchange } from '../pipeline/exchange';
import { forwardedAddressOf, upstreamRequestHeaders } from '../proxy/forward-headers';
import { serviceEndpoint } from './service-proxy';
import type { ServiceRoutes } from './service-routes';

/**
 * An upgrade (WebSocket) to a hosted microservice, after the pipeline authenticated and admitted
 * it: the handshake goes to a healthy instance with `/service/<name>` stripped and the caller's
 * headers plus `X-Forwarded-*`, and the two sockets are spliced (404, 403, 503 as for HTTP). The
 * request's log line is written when the connection ends.
 */
export async function spliceServiceUpgrade(services: ServiceRoutes, ex: GatewayExchange, target: { name: string; rest: string }): Promise<void> {
  const { req, res } = ex;
  const socket = ex.upgrade!.socket;
  const endpoint = serviceEndpoint(services, target.name, ex.auth?.principal.tenant);
  if (endpoint === undefined) throw serviceUnavailable(`Microservice ${target.name} has no healthy instance, retry later`);
  const url = new URL(endpoint);
  const prefix = `/service/${target.name}`;
  const headers = upstreamRequestHeaders(req.headers, forwardedAddressOf(ex.base + prefix), req.socket.remoteAddress ?? '', ex.id);
  Object.assign(headers, { host: url.host, connection: 'Upgrade', upgrade: req.headers.upgrade ?? 'websocket', 'x-forwarded-prefix': prefix });
  const lines = Object.entries(headers).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${k}: ${x}`));
  const upstream = connect(Number(url.port), url.hostname);
  // The exchange's response stays on the socket only to record the request (101) once the connection closes.
  res.statusCode = 101;
  upstream.on('error', () => { socket.destroy(); upstream.destroy(); });
  socket.on('close', () => upstream.destroy());
  upstream.on('close', () => socket.destroy());
  upstream.once('connect', () => {
    upstream.write(`${req.method} ${target.rest}${ex.query} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
    const head = ex.upgrade!.head;
    if (head.length) upstream.write(head);
    upstream.pipe(socket);
    socket.pipe(upstream);
  });
}
