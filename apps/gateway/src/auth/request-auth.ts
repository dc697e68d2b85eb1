import type { IncomingHttpHeaders } from 'node:http';
import { PRINCIPAL_HEADER } from '@berth/auth';
import { DomainError } from '@berth/http';
import { sessionCookie, type Authenticator } from './authenticator';
import type { CachedPrincipal } from './credential-cache';
import { isCredentialsOptionalPath, isPublicPath } from './public-paths';

/**
 * Who a request acts for (docs/architecture.md), undefined on a public path. A client never gets to
 * pass a principal of its own: the internal header is dropped first. On a path where credentials
 * are optional (`/apps/…`), credentials that fail (401) leave the request anonymous, so a stale
 * cookie never locks a browser out of a page; anywhere else the 401 is thrown (rejected). An
 * upgrade (WebSocket) is always authenticated: no path is public for it.
 */
export function authenticateRequest(
  authenticator: Authenticator, method: string, path: string, headers: IncomingHttpHeaders, upgrade = false,
): CachedPrincipal | Promise<CachedPrincipal | undefined> | undefined {
  delete headers[PRINCIPAL_HEADER];
  if (upgrade) return authenticator.authenticate(method, headers);
  if (isPublicPath(path)) return undefined;
  if (isCredentialsOptionalPath(path)) {
    // A request that carries no credentials is anonymous at once: no refusal is built only to be dropped.
    if (headers.authorization === undefined && sessionCookie(headers) === undefined) return Promise.resolve(undefined);
    try {
      const found = authenticator.authenticate(method, headers);
      return found instanceof Promise ? found.catch(anonymousOn401) : found;
    } catch (err) {
      return Promise.resolve(anonymousOn401(err));
    }
  }
  return authenticator.authenticate(method, headers);
}

/** Credentials that fail on a path where they are optional leave the request anonymous; any other failure stands. */
function anonymousOn401(err: unknown): undefined {
  if (err instanceof DomainError && err.status === 401) return undefined;
  throw err;
}
