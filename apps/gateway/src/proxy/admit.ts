import { declaredBodyTooLarge } from '@berth/http';
import type { RawExchange, RawExchanges } from '@berth/runtime';
import type { Authenticator } from '../auth/authenticator';
import type { CachedPrincipal } from '../auth/credential-cache';
import { authenticateRequest } from '../auth/request-auth';
import { isPreflight } from '../cors/cors-policy';
import { GatewayCors, setCorsHeaders } from '../cors/gateway-cors';
import { admitRequest } from '../rate-limit/rate-limit.hook';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import type { UsageCounter } from '../usage/usage-counter';

export interface AdmitParts {
  usage: UsageCounter; authenticator: Authenticator; limiter: RateLimiter; exchanges: RawExchanges; cors: GatewayCors; maxBodyBytes: number;
}

/**
 * The steps of the Fastify hooks, in their order, for a request the raw path forwards: usage, a
 * CORS preflight answered here, authentication (with the CORS headers of the answer, refusals
 * included), a declared body over the limit refused (413), the rate limit. Resolves with the
 * principal (undefined on a public path), or false when the request was answered already (preflight).
 */
export async function admit(parts: AdmitParts, { req, res }: RawExchange): Promise<CachedPrincipal | undefined | false> {
  parts.usage.countRequest(req.url!, req.headers);
  const origin = req.headers.origin;
  if (origin !== undefined && isPreflight(req.method, req.headers)) {
    res.writeHead(204, { ...parts.exchanges.security, ...await parts.cors.preflight(req.headers) }).end();
    return false;
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
  return auth;
}
