import { forbidden } from '@berth/auth';
import { DomainError, effectiveMethod, SERVICE_CSP, serviceUnavailable } from '@berth/http';
import type { RawExchange } from '@berth/runtime';
import { admit, AdmitParts } from '../proxy/admit';
import { forward } from '../proxy/forward';
import type { ServiceRoutes } from './service-routes';

const SERVICE_PATH = /^\/service\/([^/]+)(\/.*)?$/;
const HEALTH = /^\/health\/?$/;
const DOWN = '{"status":"DOWN"}';
/** A microservice's answer headers under its own: the security headers with a CSP that lets its pages load (one object per security set). */
const answerDefaults = new WeakMap<Readonly<Record<string, string>>, Readonly<Record<string, string>>>();
function serviceAnswerDefaults(security: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  let headers = answerDefaults.get(security);
  if (!headers) answerDefaults.set(security, headers = Object.freeze({ ...security, 'content-security-policy': SERVICE_CSP }));
  return headers;
}

/** The microservice name and the path below `/service/<name>` of a request path, or undefined. Throws on a name that does not percent-decode. */
export function servicePath(path: string): { name: string; rest: string } | undefined {
  const m = SERVICE_PATH.exec(path);
  return m ? { name: decodeURIComponent(m[1]), rest: m[2] ?? '/' } : undefined;
}

/** `servicePath`, with a name that does not percent-decode as undefined (left to Fastify, which refuses the URL). */
export function servicePathOrUndefined(path: string): { name: string; rest: string } | undefined {
  try {
    return servicePath(path);
  } catch {
    return undefined;
  }
}

export interface ServiceProxyParts extends AdmitParts { services: ServiceRoutes }

/**
 * Streams a `/service/<name>/…` request (raw path, after `admit`) to a healthy instance of the
 * microservice with `/service/<name>` stripped and the caller's headers (Authorization, cookies,
 * X-XSRF-TOKEN, TFAToken, X-Forwarded-Host/Proto/Prefix) passed on; never the internal principal.
 * Its answer keeps its own headers over the security headers (with a CSP that lets its pages load),
 * but not `X-Powered-By`. Unknown name 404; caller's tenant not subscribed 403; no healthy or
 * reachable instance 503 (on `/health`: `{"status":"DOWN"}`).
 */
export async function proxyService(parts: ServiceProxyParts, exchange: RawExchange, target: { name: string; rest: string }): Promise<void> {
  const auth = await admit(parts, exchange);
  if (auth === false) return;
  const { req, res, id } = exchange;
  const health = HEALTH.test(target.rest);
  const tenant = auth?.principal.tenant;
  let found = parts.services.target(target.name, tenant);
  if (health && found.kind === 'not-subscribed') found = parts.services.target(target.name, undefined);
  if (found.kind === 'unknown') throw new DomainError('applications', 'Not Found', `Microservice ${target.name} is not deployed`);
  if (found.kind === 'not-subscribed') throw forbidden(`Tenant ${tenant} is not subscribed to microservice ${target.name}`);
  const down = () => {
    if (!health) throw serviceUnavailable(`Microservice ${target.name} has no healthy instance, retry later`);
    res.writeHead(503, { ...parts.exchanges.security, 'content-type': 'application/json', 'content-length': DOWN.length }).end(DOWN);
  };
  if (found.kind === 'down') return down();
  const queryAt = req.url!.indexOf('?');
  const prefix = `/service/${target.name}`;
  await forward(req, res, {
    pool: parts.services.pool(found.endpoint), origin: found.endpoint, publicBase: parts.exchanges.publicBase(req) + prefix,
    method: effectiveMethod(req.method!, req.headers['x-http-method']), path: target.rest + (queryAt === -1 ? '' : req.url!.slice(queryAt)),
    requestId: id, maxBodyBytes: parts.maxBodyBytes, headers: { 'x-forwarded-prefix': prefix },
    answerDefaults: serviceAnswerDefaults(parts.exchanges.security),
  }).catch((err: Error) => {
    if (res.headersSent || err instanceof DomainError) throw err;
    parts.exchanges.logger.warn({ service: target.name, endpoint: found.endpoint, err: err.message }, 'microservice unavailable');
    return down();
  });
}
