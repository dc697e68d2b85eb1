import type { IncomingHttpHeaders } from 'node:http';
import { forbidden } from '@berth/auth';
import { sessionCookie } from '../auth/authenticator';
import type { CachedPrincipal } from '../auth/credential-cache';
import { normalizeOrigin } from './cors-policy';
import type { GatewayCors } from './gateway-cors';

/**
 * Cross-site WebSocket hijacking: a browser opens a WebSocket from any page with the target's
 * cookies, and no same-origin rule keeps the page from the connection. So an upgrade
 * authenticated by the session cookie must come from the platform's own origin (the Host it is
 * sent to) or an origin the tenant's CORS option lists (as for credentialed HTTP requests; `*`
 * is not enough), or carry the session's `X-XSRF-TOKEN`; otherwise it is refused with 403 before
 * anything is upgraded. Basic and Bearer upgrades are left alone: no browser adds those by itself.
 */
export async function checkUpgradeOrigin(headers: IncomingHttpHeaders, auth: CachedPrincipal, cors: GatewayCors): Promise<void> {
  if (sessionCookie(headers) === undefined) return;
  if (auth.xsrfToken && headers['x-xsrf-token'] === auth.xsrfToken) return;
  const origin = headers.origin;
  const normalized = origin === undefined ? undefined : normalizeOrigin(origin);
  if (normalized && headers.host && new URL(normalized).host === headers.host.toLowerCase()) return;
  if (normalized && await cors.allowsCredentials(normalized, auth.principal.tenant)) return;
  throw forbidden(`Origin ${origin ?? '(none)'} may not open a connection with the session cookie: it is not the platform's or one the tenant's CORS option access.control/allow.origin lists`);
}
