import { createHash } from 'node:crypto';
import { parseBasic } from './credentials';
import { PlatformClient } from './platform-client';

/** The authenticated caller of a guarded endpoint, as the platform's `/user/currentUser` described it. */
export interface Caller { tenant?: string; user: string; roles: string[]; authorization: string }

/** Why a caller was refused: 401 (no or bad credentials) or 503 (the platform could not tell). */
export class AuthenticationError extends Error {
  constructor(readonly status: 401 | 503, message: string) { super(message); }
}

interface Entry { caller: Caller; expires: number }

/**
 * Validates Basic credentials by replaying them to the platform's `GET /user/currentUser` and
 * keeps a verified caller for `ttlMs` (keyed by a hash of the header, never the header itself).
 * Failures are not cached, so a corrected password works at once.
 */
export class Authenticator {
  private readonly cache = new Map<string, Entry>();

  constructor(private readonly baseUrl: string, private readonly ttlMs = 10000, private readonly maxEntries = 10000) {}

  /** @throws AuthenticationError */
  async authenticate(authorization: string | undefined): Promise<Caller> {
    const named = parseBasic(authorization);
    if (!authorization || !named) throw new AuthenticationError(401, 'Basic authentication required');
    const key = createHash('sha256').update(authorization).digest('base64');
    const hit = this.cache.get(key);
    if (hit && hit.expires > Date.now()) return hit.caller;
    let res;
    try {
      res = await new PlatformClient(this.baseUrl, authorization).get('/user/currentUser');
    } catch (err) {
      throw new AuthenticationError(503, (err as Error).message);
    }
    if (res.status === 401 || res.status === 403) throw new AuthenticationError(401, 'Invalid credentials');
    if (res.status !== 200 || typeof res.body !== 'object') throw new AuthenticationError(503, `platform answered ${res.status} to /user/currentUser`);
    const caller: Caller = { tenant: named.tenant ?? tenantOf(res.body.self), user: res.body.userName ?? named.user, roles: rolesOf(res.body), authorization };
    if (this.cache.size >= this.maxEntries) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, { caller, expires: Date.now() + this.ttlMs });
    return caller;
  }
}

/** The role ids of a currentUser resource: `effectiveRoles`, else the references under `roles`. */
function rolesOf(user: any): string[] {
  const refs: any[] = Array.isArray(user.effectiveRoles) ? user.effectiveRoles : user.roles?.references?.map((r: any) => r.role) ?? [];
  return refs.map((r) => String(r?.id ?? r?.name ?? '')).filter(Boolean);
}

/** The tenant in a user's `self` URI (`…/user/<tenant>/users/<name>`), if it has one. */
function tenantOf(self: unknown): string | undefined {
  return typeof self === 'string' ? /\/user\/([^/]+)\/users\//.exec(self)?.[1] : undefined;
}
