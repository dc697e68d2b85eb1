import type { Logger } from 'pino';
import { PUBLIC_BASE_HEADER, signPublicBase } from '@berth/auth';
import { DomainError, effectiveMethod } from '@berth/http';
import type { CachedPrincipal, CredentialCache } from '../auth/credential-cache';
import { credentialsChangedBy } from '../auth/identity-writes';
import type { AcknowledgedWrites } from '../consistency/acknowledged-writes';
import type { GatewayExchange } from '../pipeline/exchange';
import type { UpstreamApp } from '../routing/route-table';
import { forward, Forwarding, unavailable } from './forward';
import type { Upstreams } from './upstreams';

const LOGOUT = /^\/user\/logout\/?$/;

export interface AppProxyParts {
  upstreams: Upstreams; credentials: CredentialCache; acknowledged: AcknowledgedWrites; logger: Logger;
  /** Signs the request's public base for the app (`X-Berth-Public-Base`). */
  internalKey: string;
  /** `BERTH_HTTP_MAX_BODY_BYTES`. */
  maxBodyBytes: number;
}

/**
 * Streams a request for a path an internal app owns to that app through its keep-alive
 * ForwardPool, with the principal the pipeline established, the signed public base and the writes the
 * request must see (docs/consistency.md); `X-HTTP-METHOD` names the method the app serves. A
 * write that changes credentials drops them from the cache before it is answered. 503 when the
 * app cannot be reached.
 */
export function proxyToApp(parts: AppProxyParts, ex: GatewayExchange, app: UpstreamApp): Promise<void> {
  const { req, res, id, auth, base } = ex;
  const method = effectiveMethod(req.method!, req.headers['x-http-method']);
  const logout = method === 'POST' && LOGOUT.test(ex.path);
  const to: Forwarding = {
    // Only a logout needs the client's own credentials: it revokes the token it came with.
    pool: parts.upstreams.forwarding(app), origin: parts.upstreams.origin(app), publicBase: base, method, path: req.url!, requestId: id, auth, credentials: logout,
    maxBodyBytes: parts.maxBodyBytes, acknowledged: parts.acknowledged, app, headers: { [PUBLIC_BASE_HEADER]: signPublicBase(base, parts.internalKey) },
    answerHeaders: ex.headers,
  };
  const evict = auth && evictionAfter(parts.credentials, method, ex.path, auth, logout);
  return forward(req, res, to, evict && ((status) => (status < 300 ? evict() : Promise.resolve()))).catch((err: Error) => {
    // A refusal of the request itself (the body limit) stays as it is; anything else means the app could not be reached.
    if (res.headersSent || err instanceof DomainError) throw err;
    parts.logger.warn({ app, err: err.message }, 'upstream unavailable');
    throw unavailable(app);
  });
}

/**
 * What a successful write must drop from the credential cache before it is answered, or undefined
 * when it changes no credentials: those credentialsChangedBy names, and the token a logout revoked.
 */
function evictionAfter(credentials: CredentialCache, method: string, path: string, auth: CachedPrincipal, logout: boolean): (() => Promise<void>) | undefined {
  const changed = credentialsChangedBy(method, path, auth.principal);
  if (!changed && !logout) return undefined;
  return async () => {
    if (changed) await (changed.user ? credentials.evictUser(changed.tenant, changed.user) : credentials.evictTenant(changed.tenant));
    if (logout) await credentials.evictKey(auth.key);
  };
}
