import type { Principal } from '@berth/auth';

/**
 * Whose cached credentials a successful write through the gateway may have changed, so this
 * gateway drops them before answering (other replicas learn it from the identity events):
 * `PUT /user/currentUser` → the caller; `/user/{tenant}/…` and `/tenant/tenants/{tenant}…` → that tenant;
 * the caller's own TOTP setup (`/user/currentUser/totpSecret…`) → the caller; the caller's tenant's
 * JWT keys (`/tenant/options/token.publicKey…`) and TFA settings (`…/two-factor-authentication…`) → the caller's tenant;
 * so does `POST /tenant/options`, whose category is in the body the gateway streams unread (option writes are rare).
 * A tenant's subscriptions (`/tenant/tenants/{tenant}/applications…`) change no cached credentials: the
 * service users they make or remove are written later by tenant-options, whose user events drop them.
 * (Dropping the tenant there made every subscribe cost the tenant's callers a full password check.)
 */
export function credentialsChangedBy(method: string, path: string, principal: Principal): { tenant: string; user?: string } | undefined {
  if (method === 'GET' || method === 'HEAD') return undefined;
  if (/^\/user\/currentUser(\/totpSecret(\/verify|\/activity)?)?\/?$/.test(path)) return { tenant: principal.tenant, user: principal.user };
  if (/^\/user\/currentUser\//.test(path)) return undefined;
  if (/^\/tenant\/options(\/(token\.publicKey|two-factor-authentication)(\/|$)|\/?$)/.test(path)) return { tenant: principal.tenant };
  if (/^\/tenant\/tenants\/[^/]+\/applications(?:\/|$)/.test(path)) return undefined;
  const match = /^\/(?:user|tenant\/tenants)\/([^/]+)(?:\/|$)/.exec(path);
  if (!match || match[1] === 'logout' || match[1] === 'roles') return undefined;
  return { tenant: decodeURIComponent(match[1]) };
}
