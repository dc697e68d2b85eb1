import { PUBLIC_BASE_HEADER, signPublicBase } from '@berth/auth';
import { DomainError, effectiveMethod, isRouteMethod } from '@berth/http';
import type { RawExchange, RawHandler } from '@berth/runtime';
import type { CachedPrincipal, CredentialCache } from '../auth/credential-cache';
import { credentialsChangedBy } from '../auth/identity-writes';
import { owningApp, UpstreamApp } from '../routing/route-table';
import { proxyService, servicePathOrUndefined } from '../services/service-proxy';
import type { ServiceRoutes } from '../services/service-routes';
import { admit, AdmitParts } from './admit';
import { forward, Forwarding, unavailable } from './forward';
import type { Upstreams } from './upstreams';
import type { AcknowledgedWrites } from '../consistency/acknowledged-writes';

const LOGOUT = /^\/user\/logout\/?$/;

export interface ProxyParts extends AdmitParts {
  upstreams: Upstreams; services: ServiceRoutes; credentials: CredentialCache; acknowledged: AcknowledgedWrites;
  /** Signs the request's public base for the app (`X-Berth-Public-Base`). */
  internalKey: string;
}

/**
 * The gateway's hot path: every request for a path an internal app owns, or for a hosted
 * microservice (`/service/<name>/…`), is served by a raw `request` listener, without
 * Fastify's per-request work, and streamed to that app or microservice through its keep-alive undici Pool. The steps and their rules are those of the Fastify hooks, in their order
 * (correlation id and processing mode, usage, CORS, authentication, rate limit, `X-HTTP-METHOD`), any
 * method included (the app answers one it does not serve with 405 and `Allow`), and a
 * declared body over the apps' limit is refused at once (413, declaredBodyTooLarge); every
 * other request (the gateway's own routes, unknown paths, a method no route uses) is left to Fastify.
 */
export function proxyPath(parts: ProxyParts): RawHandler {
  return (req, res) => {
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const app = owningApp(path);
    if (app) {
      parts.exchanges.serve(req, res, `proxy:${app}`, (exchange) => proxy(parts, exchange, app, path));
      return true;
    }
    const service = isRouteMethod(req.method) ? servicePathOrUndefined(path) : undefined;
    if (!service) return false;
    parts.exchanges.serve(req, res, 'proxy:service', (exchange) => proxyService(parts, exchange, service));
    return true;
  };
}

async function proxy(parts: ProxyParts, exchange: RawExchange, app: UpstreamApp, path: string): Promise<void> {
  const auth = await admit(parts, exchange);
  if (auth === false) return;
  const { req, res, id } = exchange;
  const method = effectiveMethod(req.method!, req.headers['x-http-method']);
  const publicBase = parts.exchanges.publicBase(req);
  const to: Forwarding = {
    pool: parts.upstreams.pool(app), origin: parts.upstreams.origin(app), publicBase, method, path: req.url!, requestId: id, auth,
    maxBodyBytes: parts.maxBodyBytes, acknowledged: parts.acknowledged, app, headers: { [PUBLIC_BASE_HEADER]: signPublicBase(publicBase, parts.internalKey) },
  };
  const evict = auth && evictionAfter(parts.credentials, method, path, auth);
  await forward(req, res, to, evict && ((status) => (status < 300 ? evict() : Promise.resolve()))).catch((err: Error) => {
    // A refusal of the request itself (the body limit) stays as it is; anything else means the app could not be reached.
    if (res.headersSent || err instanceof DomainError) throw err;
    parts.exchanges.logger.warn({ app, err: err.message }, 'upstream unavailable');
    throw unavailable(app);
  });
}

/**
 * What a successful write must drop from the credential cache before it is answered, or undefined
 * when it changes no credentials: those credentialsChangedBy names, and the token a logout revoked.
 */
function evictionAfter(credentials: CredentialCache, method: string, path: string, auth: CachedPrincipal): (() => Promise<void>) | undefined {
  const changed = credentialsChangedBy(method, path, auth.principal);
  const logout = method === 'POST' && LOGOUT.test(path);
  if (!changed && !logout) return undefined;
  return async () => {
    if (changed) await (changed.user ? credentials.evictUser(changed.tenant, changed.user) : credentials.evictTenant(changed.tenant));
    if (logout) await credentials.evictKey(auth.key);
  };
}
