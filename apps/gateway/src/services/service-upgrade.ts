import type { IncomingMessage, Server } from 'node:http';
import { connect, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { forbidden, PRINCIPAL_HEADER } from '@berth/auth';
import { DomainError, errorResource, mediaType, securityHeaders, serviceUnavailable } from '@berth/http';
import type { PublicBaseOf } from '@berth/runtime';
import type { Authenticator } from '../auth/authenticator';
import type { GatewayConfig } from '../config/gateway.env';
import type { GatewayCors } from '../cors/gateway-cors';
import { forwardedAddressOf, upstreamRequestHeaders } from '../proxy/forward-headers';
import { owningApp } from '../routing/route-table';
import { servicePath } from './service-proxy';
import type { ServiceRoutes } from './service-routes';
import { checkUpgradeOrigin } from './upgrade-origin';

/** Answers an upgrade request with an error resource under the request's public base and closes the socket. */
function refuse(socket: Duplex, error: DomainError, config: GatewayConfig, base: string) {
  const body = JSON.stringify(errorResource(base, error.code, error.message));
  const extra = Object.entries({ ...securityHeaders(config.BERTH_PUBLIC_URL), ...error.headers }).map(([k, v]) => `${k}: ${v}\r\n`).join('');
  socket.end(`HTTP/1.1 ${error.status} ${error.kind}\r\ncontent-type: ${mediaType(config.BERTH_BRAND, 'error')}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n${extra}connection: close\r\n\r\n${body}`);
}

/**
 * WebSocket (and any other HTTP upgrade) to a hosted microservice: `/service/<name>/…` is
 * authenticated and routed as an ordinary request (401, 404, 403, 503 with the error resource;
 * a cookie-authenticated one from a foreign origin 403, see checkUpgradeOrigin),
 * then the handshake goes to a healthy instance with `/service/<name>` stripped and the caller's
 * headers plus `X-Forwarded-*`, and the two sockets are spliced. Other upgrade paths get 404.
 */
export function registerServiceUpgrade(server: Server, authenticator: Authenticator, routes: ServiceRoutes, config: GatewayConfig, cors: GatewayCors, publicBase: PublicBaseOf) {
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const base = publicBase(req);
    void upgrade(req, socket, head, base).catch((err) => refuse(socket, err instanceof DomainError ? err : new DomainError('general', 'Internal Error', 'The upgrade could not be completed'), config, base));
  });

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, base: string) {
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const target = owningApp(path) ? undefined : servicePath(path);
    if (!target) throw new DomainError('general', 'Not Found', `No upgrade at ${path}`);
    delete req.headers[PRINCIPAL_HEADER];
    const auth = await authenticator.authenticate(req.method ?? 'GET', req.headers);
    await checkUpgradeOrigin(req.headers, auth, cors);
    const found = routes.target(target.name, auth.principal.tenant);
    if (found.kind === 'unknown') throw new DomainError('applications', 'Not Found', `Microservice ${target.name} is not deployed`);
    if (found.kind === 'not-subscribed') throw forbidden(`Tenant ${auth.principal.tenant} is not subscribed to microservice ${target.name}`);
    if (found.kind === 'down') throw serviceUnavailable(`Microservice ${target.name} has no healthy instance, retry later`);
    const endpoint = new URL(found.endpoint);
    const headers = upstreamRequestHeaders(req.headers, { ...forwardedAddressOf(`${base}/service/${target.name}`), for: req.socket.remoteAddress ?? '', requestId: String(req.headers['x-request-id'] ?? '') });
    Object.assign(headers, { host: endpoint.host, connection: 'Upgrade', upgrade: req.headers.upgrade ?? 'websocket', 'x-forwarded-prefix': `/service/${target.name}` });
    const lines = Object.entries(headers).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${k}: ${x}`));
    const upstream: Socket = connect(Number(endpoint.port), endpoint.hostname);
    upstream.on('error', () => { socket.destroy(); upstream.destroy(); });
    socket.on('close', () => upstream.destroy());
    upstream.on('close', () => socket.destroy());
    upstream.once('connect', () => {
      upstream.write(`${req.method} ${target.rest}${queryAt === -1 ? '' : url.slice(queryAt)} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
  }
}
