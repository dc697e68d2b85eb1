import { declaredBodyTooLarge, DomainError, effectiveMethod } from '@berth/http';
import type { RawExchange, RawExchanges, RawHandler } from '@berth/runtime';
import type { Authenticator } from '../auth/authenticator';
import type { CachedPrincipal, CredentialCache } from '../auth/credential-cache';
import { credentialsChangedBy } from '../auth/identity-writes';
import { authenticateRequest } from '../auth/request-auth';
import { isPreflight } from '../cors/cors-policy';
import { GatewayCors, setCorsHeaders } from '../cors/gateway-cors';
import { admitRequest } from '../rate-limit/rate-limit.hook';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { owningApp, UpstreamApp } from '../routing/route-table';
import type { UsageCounter } from '../usage/usage-counter';
import { forward, Forwarding, unavailable } from './forward';
import type { Upstreams } from './upstreams';

const LOGOUT = /^\/user\/logout\/?$/;

export interface ProxyParts {
  upstreams: Upstreams; publicBase: string; usage: UsageCounter; authenticator: Authenticator;
  limiter: RateLimiter; credentials: CredentialCache; exchanges: RawExchanges; cors: GatewayCors; maxBodyBytes: number;
}

/**
 * The gateway's hot path (issue 3): every request for a path an internal app owns is served by a
 * raw `request` listener, without Fastify's per-request work, and streamed to that app through its
 * keep-alive undici Pool. The steps and their rules are those of the Fastify hooks, in their order
 * (correlation id and processing mode, usage, CORS, authentication, rate limit, `X-HTTP-METHOD`), any
 * method included (the app answers one it does not serve with 405 and `Allow`), and a
 * declared body over the apps' limit is refused at once (413, declaredBodyTooLarge); every
 * other request (the gateway's own routes, `/service/…`, unknown paths) is left to Fastify.
 */
export function proxyPath(parts: ProxyParts): RawHandler {
  return (req, res) => {
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const app = owningApp(path);
    if (!app) return false;
    parts.exchanges.serve(req, res, `proxy:${app}`, (exchange) => proxy(parts, exchange, app, path));
    return true;
  };
}

async function proxy(parts: ProxyParts, { req, res, id }: RawExchange, app: UpstreamApp, path: string): Promise<void> {
  parts.usage.countRequest(req.url!, req.headers);
  const origin = req.headers.origin;
  if (origin !== undefined && isPreflight(req.method, req.headers)) {
    res.writeHead(204, { ...parts.exchanges.security, ...await parts.cors.preflight(req.headers) }).end();
    return;
  }
  let auth: CachedPrincipal | undefined;
  try {
    auth = await authenticateRequest(parts.authenticator, req.method!, req.url!, req.headers);
  } finally {
    if (origin !== undefined) setCorsHeaders(res, await parts.cors.headers(origin, req.headers, auth?.principal.tenant));
  }
  const tooLarge = declaredBodyTooLarge(req.headers, parts.maxBodyBytes);
  if (tooLarge) throw tooLarge;
  const waiting = admitRequest(parts.limiter, auth, res);
  if (waiting) await waiting;
  const method = effectiveMethod(req.method!, req.headers['x-http-method']);
  const to: Forwarding = { pool: parts.upstreams.pool(app), origin: parts.upstreams.origin(app), publicBase: parts.publicBase, method, path: req.url!, requestId: id, auth, maxBodyBytes: parts.maxBodyBytes };
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
