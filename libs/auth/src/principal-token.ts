import { createHmac, timingSafeEqual } from 'node:crypto';
import { Principal, PrincipalKind } from './principal';

const VERSION = 'v1';
const KINDS: ReadonlySet<PrincipalKind> = new Set(['user', 'bootstrap', 'service', 'internal']);

/** Default lifetime of a signed principal: long enough for one request, short enough to be useless when leaked. */
export const PRINCIPAL_TTL_MS = 60_000;

/**
 * Signs a principal for the internal header: `v1.<payload>.<hmac>` (base64url), HMAC-SHA256 with
 * the internal key, valid until `expiresAt` (ms since the epoch).
 */
export function signPrincipal(principal: Principal, key: string, expiresAt = Date.now() + PRINCIPAL_TTL_MS): string {
  const payload = Buffer.from(JSON.stringify({ ...principal, exp: expiresAt })).toString('base64url');
  return `${VERSION}.${payload}.${mac(payload, key)}`;
}

/**
 * The principal a token carries, or undefined when the token is malformed, signed with another
 * key, expired at `now`, or names an unknown kind. Never throws.
 */
export function verifyPrincipal(token: string | string[] | undefined, key: string, now = Date.now()): Principal | undefined {
  if (typeof token !== 'string') return undefined;
  const [version, payload, signature] = token.split('.');
  if (version !== VERSION || !payload || !signature) return undefined;
  const expected = Buffer.from(mac(payload, key));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const { tenant, user, roles, kind, exp } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (typeof exp !== 'number' || exp < now || typeof tenant !== 'string' || typeof user !== 'string') return undefined;
    if (!Array.isArray(roles) || !KINDS.has(kind)) return undefined;
    return { tenant, user, roles, kind };
  } catch {
    return undefined;
  }
}

function mac(payload: string, key: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}
