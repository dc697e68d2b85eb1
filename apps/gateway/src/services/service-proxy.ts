import type { Logger } from 'pino';
import { forbidden } from '@berth/auth';
import { DomainError, effectiveMethod, SERVICE_CSP, serviceUnavailable } from '@berth/http';
import type { GatewayExchange } from '../pipeline/exchange';
import { forward } from '../proxy/forward';
import type { ServiceRoutes } from './service-routes';

const HEALTH = /^\/health\/?$/;
const DOWN = Buffer.from('{"status":"DOWN"}');

export interface ServiceProxyParts {
  services: ServiceRoutes; logger: Logger;
  /** The security headers (libs/http); a microservice's own answer headers win over them. */
  security: Readonly<Record<string, string>>;
  /** `BERTH_HTTP_MAX_BODY_BYTES`. */
  maxBodyBytes: number;
}

/**
 * The healthy instance endpoint of microservice `name` for `tenant`: 404 when it is not deployed,
 * 403 when the tenant is not subscribed, undefined when it has no healthy instance.
 */
export function serviceEndpoint(services: ServiceRoutes, name: string, tenant: string | undefined, anyTenant = false): string | undefined {
  let found = services.target(name, tenant);
  if (anyTenant && found.kind === 'not-subscribed') found = services.target(name, undefined);
  if (found.kind === 'unknown') throw new DomainError('applications', 'Not Found', `Microservice ${name} is not deployed`);
  if (found.kind === 'not-subscribed') throw forbidden(`Tenant ${tenant} is not subscribed to microservice ${name}`);
  return found.kind === 'down' ? undefined : found.endpoint;
}

/** A microservice's answer headers under its own: the security headers with a CSP that lets its pages load (one object per security set). */
const answerDefaults = new WeakMap<Readonly<Record<string, string>>, Readonly<Record<string, string>>>();
function serviceAnswerDefaults(security: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  let headers = answerDefaults.get(security);
  if (!headers) answerDefaults.set(security, headers = Object.freeze({ ...security, 'content-security-policy': SERVICE_CSP }));
  return headers;
}

/**
 * Streams a `/service/<name>/…` request to a healthy instance of the microservice with
 * `/service/<name>` stripped and the caller's headers (Authorization, cookies, X-XSRF-TOKEN,
 * TFAToken, X-Forwarded-Host/Proto/Prefix) passed on; never the internal principal. Its answer
 * keeps its own headers over the security headers (with a CSP that lets its pages load), but not
 * `X-Powered-By`. Unknown name 404; caller's tenant not subscribed 403; no healthy or reachable
 * instance 503 (on `/health`, public and for any subscribed tenant: the service's own last `/health` answer
 * with its status DOWN when the route carries one, else `{"status":"DOWN"}`).
 */
export async function proxyService(parts: ServiceProxyParts, ex: GatewayExchange, target: { name: string; rest: string }): Promise<void> {
  const { req, res, id } = ex;
  const health = HEALTH.test(target.rest);
  const endpoint = serviceEndpoint(parts.services, target.name, ex.auth?.principal.tenant, health);
  const down = () => {
    if (!health) throw serviceUnavailable(`Microservice ${target.name} has no healthy instance, retry later`);
    const answer = parts.services.downAnswer(target.name, ex.auth?.principal.tenant) ?? DOWN;
    res.writeHead(503, { ...parts.security, ...ex.headers, 'content-type': 'application/json', 'content-length': answer.length }).end(answer);
  };
  if (endpoint === undefined) return down();
  const prefix = `/service/${target.name}`;
  await forward(req, res, {
    pool: parts.services.pool(endpoint), origin: endpoint, publicBase: ex.base + prefix,
    method: effectiveMethod(req.method!, req.headers['x-http-method']), path: target.rest + ex.query,
    requestId: id, credentials: true, maxBodyBytes: parts.maxBodyBytes, headers: { 'x-forwarded-prefix': prefix },
    answerDefaults: serviceAnswerDefaults(parts.security), answerHeaders: ex.headers,
  }).catch((err: Error) => {
    if (res.headersSent || err instanceof DomainError) throw err;
    parts.logger.warn({ service: target.name, endpoint, err: err.message }, 'microservice unavailable');
    return down();
  });
}
