import type { IncomingHttpHeaders } from 'node:http';
import { PRINCIPAL_HEADER } from '@berth/auth';
import type { Authenticator } from './authenticator';
import type { CachedPrincipal } from './credential-cache';
import { isPublicPath } from './public-paths';

/**
 * Who a request acts for (docs/architecture.md), undefined on a public path. A client never gets to
 * pass a principal of its own: the internal header is dropped first. Throws (rejects) the 401.
 */
export function authenticateRequest(authenticator: Authenticator, method: string, url: string, headers: IncomingHttpHeaders): Promise<CachedPrincipal> | undefined {
  delete headers[PRINCIPAL_HEADER];
  const queryAt = url.indexOf('?');
  if (isPublicPath(queryAt === -1 ? url : url.slice(0, queryAt))) return undefined;
  return authenticator.authenticate(method, headers);
}
