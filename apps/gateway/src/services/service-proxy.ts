import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from '@berth/auth';
import { DomainError, SERVICE_CSP, serviceUnavailable } from '@berth/http';
import { hasBody } from '../proxy/forward';
import { clientResponseHeaders, upstreamRequestHeaders } from '../proxy/forward-headers';
import type { ServiceRoutes } from './service-routes';

const SERVICE_PATH = /^\/service\/([^/]+)(\/.*)?$/;
const HEALTH = /^\/health\/?$/;

/** The microservice name and the path below `/service/<name>` of a request path, or undefined. */
export function servicePath(path: string): { name: string; rest: string } | undefined {
  const m = SERVICE_PATH.exec(path);
  return m ? { name: decodeURIComponent(m[1]), rest: m[2] ?? '/' } : undefined;
}

/**
 * Streams a `/service/<name>/…` request to a healthy instance of the microservice with
 * `/service/<name>` stripped and the caller's headers (Authorization, cookies, X-XSRF-TOKEN,
 * TFAToken, X-Forwarded-Host/Proto/Prefix) passed on; never the internal principal. Its answer keeps
 * its own headers over the security headers, but not `X-Powered-By`. Unknown name
 * 404; caller's tenant not subscribed 403; no healthy instance 503 (on `/health`: `{"status":"DOWN"}`).
 */
export async function proxyToService(req: FastifyRequest, reply: FastifyReply, target: { name: string; rest: string }, routes: ServiceRoutes, method: string, publicBase: string) {
  const health = HEALTH.test(target.rest);
  const tenant = health ? req.auth?.principal.tenant : req.auth!.principal.tenant;
  let found = routes.table.target(target.name, tenant);
  if (health && found.kind === 'not-subscribed') found = routes.table.target(target.name, undefined);
  if (found.kind === 'unknown') throw new DomainError('applications', 'Not Found', `Microservice ${target.name} is not deployed`);
  if (found.kind === 'not-subscribed') throw forbidden(`Tenant ${tenant} is not subscribed to microservice ${target.name}`);
  const down = () => (health
    ? reply.code(503).header('content-type', 'application/json').send({ status: 'DOWN' })
    : Promise.reject(serviceUnavailable(`Microservice ${target.name} has no healthy instance, retry later`)));
  if (found.kind === 'down') return down();
  const queryAt = req.url.indexOf('?');
  const prefix = `/service/${target.name}`;
  const headers = upstreamRequestHeaders(req.headers, { host: req.headers.host ?? '', proto: req.protocol, for: req.ip, requestId: req.id });
  headers['x-forwarded-prefix'] = prefix;
  let res;
  try {
    res = await routes.pool(found.endpoint).request({
      method: method as 'GET', path: target.rest + (queryAt === -1 ? '' : req.url.slice(queryAt)), headers, body: hasBody(req.raw) ? req.raw : undefined,
    });
  } catch (err) {
    req.log.warn({ service: target.name, endpoint: found.endpoint, err: (err as Error).message }, 'microservice unavailable');
    return down();
  }
  // The security headers are set already (libs/runtime); the microservice's own win, and its pages may load what they need.
  if (res.headers['content-security-policy'] === undefined) reply.header('content-security-policy', SERVICE_CSP);
  reply.code(res.statusCode).headers(clientResponseHeaders(res.headers, found.endpoint, publicBase + prefix));
  return reply.send(res.body);
}
