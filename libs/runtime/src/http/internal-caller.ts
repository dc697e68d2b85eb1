import type { IncomingHttpHeaders } from 'node:http';
import { forbidden, PRINCIPAL_HEADER, unauthorized, verifyPrincipal } from '@berth/auth';

/**
 * For the raw internal routes outside Nest (where `@InternalOnly()` does this): only another Berth
 * app's principal (kind `internal`) passes. @throws 401 without a valid principal, 403 for any other kind.
 */
export function assertInternalCaller(headers: IncomingHttpHeaders, internalKey: string): void {
  const principal = verifyPrincipal(headers[PRINCIPAL_HEADER], internalKey);
  if (!principal) throw unauthorized();
  if (principal.kind !== 'internal') throw forbidden();
}
