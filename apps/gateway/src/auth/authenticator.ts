import type { IncomingHttpHeaders } from 'node:http';
import { Principal, PRINCIPAL_HEADER, signPrincipal } from '@berth/auth';
import { DomainError, SAFE_METHODS, serviceUnavailable } from '@berth/http';
import type { Pool } from 'undici';
import { hostLabel, parseBasic } from './basic-credentials';
import { parseBearer } from './bearer-token';
import { CachedPrincipal, CredentialCache, Verified } from './credential-cache';

/** The gateway itself, when it calls another app outside a request's tenant (credential checks, API documents). */
export const GATEWAY_PRINCIPAL: Principal = { tenant: '-', user: 'gateway', roles: [], kind: 'internal' };

/**
 * Establishes who a request acts for (docs/architecture.md, docs/api/tenants-users-auth.md): Basic credentials (with the `TFAToken`
 * header where the user has two-factor authentication), a Bearer platform
 * token, or the `authorization` cookie with `X-XSRF-TOKEN` on writes. Credentials are verified
 * once by tenant-options (`POST /internal/authenticate`) and then served from the credential
 * cache; concurrent first requests with the same credentials share one verification. Every
 * refusal is a 401 with `WWW-Authenticate` (`XBasic` when the client sent `UseXBasic`, as the JS
 * client does). Before it authenticates, what the gateway keeps from events must hold every write
 * acknowledged before the request (`fence`, docs/consistency.md): credentials and subscriptions among them.
 */
export class Authenticator {
  private readonly inFlight = new Map<string, Promise<CachedPrincipal>>();

  constructor(
    private readonly cache: CredentialCache, private readonly identity: Pool, private readonly internalKey: string, private readonly realm: string,
    private readonly fence?: { admit(): Promise<void> | undefined },
  ) {}

  /**
   * The principal of the request's credentials; a 401 (thrown or rejected) when they fail. Answers
   * at once, without a promise, when this process's cache holds them and the fence lets the request
   * in: the usual case, on every authenticated request.
   */
  authenticate(method: string, headers: IncomingHttpHeaders): CachedPrincipal | Promise<CachedPrincipal> {
    const caughtUp = this.fence?.admit();
    return caughtUp ? caughtUp.then(() => this.identify(method, headers)) : this.identify(method, headers);
  }

  private identify(method: string, headers: IncomingHttpHeaders): CachedPrincipal | Promise<CachedPrincipal> {
    const authorization = headers.authorization;
    // An `Authorization` header is the request's credentials; the session cookie counts only without one
    // (docs/api/tenants-users-auth.md), so a browser's old cookie never overrides what a client sends.
    const token = parseBearer(authorization) ?? (authorization ? undefined : sessionCookie(headers));
    if (!token && !authorization) throw this.refusal(headers, 'Authentication failed or credentials missing');
    // The cache is keyed by the raw headers, so a hit parses nothing; the TFA token is part of
    // them: a TFA user's credentials never verify without it, and an expired one is asked for again.
    const tfaToken = !token && typeof headers.tfatoken === 'string' && headers.tfatoken ? headers.tfatoken : undefined;
    // A token is its own material: it holds no line break, which Basic material always does, so the two never meet.
    const material = token ?? `basic\n${headers.host ?? ''}\n${tfaToken ?? ''}\n${authorization}`;
    const cookie = token !== undefined && !authorization;
    const hit = this.cache.peek(material);
    if (hit) return this.checkedXsrf(hit, cookie, method, headers);
    const body = () => (token ? { token } : this.basicBody(authorization!, headers, tfaToken));
    return this.cached(headers, material, body).then((verified) => this.checkedXsrf(verified, cookie, method, headers));
  }

  /** What Basic credentials are verified as; a 401 when the header is no Basic credentials. */
  private basicBody(authorization: string, headers: IncomingHttpHeaders, tfaToken: string | undefined): Record<string, string | undefined> {
    const credentials = parseBasic(authorization);
    if (!credentials) throw this.refusal(headers, 'Invalid credentials! : Bad credentials');
    return { ...credentials, hostLabel: credentials.tenant ? undefined : hostLabel(headers.host), tfaToken };
  }

  /** `verified`, unless the request is a write authenticated by `cookie` without the session's X-XSRF-TOKEN (401). */
  private checkedXsrf(verified: CachedPrincipal, cookie: boolean, method: string, headers: IncomingHttpHeaders): CachedPrincipal {
    if (cookie && !SAFE_METHODS.has(method) && (!verified.xsrfToken || headers['x-xsrf-token'] !== verified.xsrfToken)) {
      throw this.refusal(headers, 'Invalid credentials! : a request authenticated by cookie must carry the X-XSRF-TOKEN header');
    }
    return verified;
  }

  /** The 401 for a request, with the challenge its client understands. */
  refusal(headers: IncomingHttpHeaders, message: string, extra: Record<string, string> = {}): DomainError {
    const scheme = headers.usexbasic !== undefined ? 'XBasic' : 'Basic';
    return new DomainError('security', 'Unauthorized', message, { ...extra, 'www-authenticate': `${scheme} realm="${this.realm}"` });
  }

  /** The identity for credentials this process has not cached: from Redis, else verified; `body()` says what to verify (and may throw a 401 first). */
  private async cached(headers: IncomingHttpHeaders, material: string, body: () => Record<string, string | undefined>): Promise<CachedPrincipal> {
    const hit = await this.cache.load(material);
    if (hit) return hit;
    let pending = this.inFlight.get(material);
    if (!pending) {
      const since = this.cache.evictions;
      const credentials = body();
      pending = this.verify(credentials).then((v) => this.cache.put(material, v, since));
      this.inFlight.set(material, pending);
      void pending.finally(() => this.inFlight.delete(material)).catch(() => undefined);
    }
    try {
      return await pending;
    } catch (err) {
      if (err instanceof DomainError && err.status === 401) throw this.refusal(headers, err.message, err.headers);
      throw err;
    }
  }

  private async verify(body: Record<string, string | undefined>): Promise<Verified> {
    const res = await this.identity.request({
      method: 'POST', path: '/internal/authenticate',
      headers: { 'content-type': 'application/json', accept: 'application/json', [PRINCIPAL_HEADER]: signPrincipal(GATEWAY_PRINCIPAL, this.internalKey) },
      body: JSON.stringify(body),
    }).catch(() => undefined);
    if (!res) throw unavailable();
    const answer = await res.body.json().catch(() => undefined) as (Verified & { message?: string }) | undefined;
    if (res.statusCode === 200 && answer?.principal) return { principal: answer.principal, xsrfToken: answer.xsrfToken, expiresAt: answer.expiresAt };
    if (res.statusCode === 401) {
      const expired = res.headers.tfatokenexpired;
      throw new DomainError('security', 'Unauthorized', answer?.message ?? 'Invalid credentials! : Bad credentials', typeof expired === 'string' ? { tfatokenexpired: expired } : {});
    }
    throw unavailable();
  }
}

/** The token of the `authorization` cookie a request is authenticated by: only when it has no `Authorization` header. */
export function sessionCookie(headers: IncomingHttpHeaders): string | undefined {
  const cookie = headers.authorization ? undefined : headers.cookie;
  return cookie ? /(?:^|;\s*)authorization=([^;\s]+)/.exec(cookie)?.[1] : undefined;
}

const unavailable = () => serviceUnavailable('Authentication is not available, retry later');
