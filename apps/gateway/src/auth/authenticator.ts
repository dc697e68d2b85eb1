import type { IncomingHttpHeaders } from 'node:http';
import { Principal, PRINCIPAL_HEADER, signPrincipal } from '@berth/auth';
import { DomainError } from '@berth/http';
import type { Pool } from 'undici';
import { hostLabel, parseBasic } from './basic-credentials';
import { CachedPrincipal, CredentialCache } from './credential-cache';

const INTERNAL: Principal = { tenant: '-', user: 'gateway', roles: [], kind: 'internal' };

/**
 * Establishes who a request acts for. Basic credentials are verified once by tenant-options
 * (`POST /internal/authenticate`) and then served from the credential cache; concurrent first
 * requests with the same credentials share one verification. Every refusal is a 401 with
 * `WWW-Authenticate` (`XBasic` when the client sent `UseXBasic`, as the JS client does).
 */
export class Authenticator {
  private readonly inFlight = new Map<string, Promise<CachedPrincipal>>();

  constructor(private readonly cache: CredentialCache, private readonly identity: Pool, private readonly internalKey: string, private readonly realm: string) {}

  async authenticate(headers: IncomingHttpHeaders): Promise<CachedPrincipal> {
    const authorization = headers.authorization;
    const credentials = parseBasic(authorization);
    if (!credentials) throw this.refusal(headers, authorization ? 'Invalid credentials! : Bad credentials' : 'Authentication failed or credentials missing');
    const label = credentials.tenant ? undefined : hostLabel(headers.host);
    const key = this.cache.keyOf(`${label ?? ''}\n${authorization}`);
    const cached = await this.cache.get(key);
    if (cached) return cached;
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.verify({ ...credentials, hostLabel: label }).then((p) => this.cache.put(key, p));
      this.inFlight.set(key, pending);
      void pending.finally(() => this.inFlight.delete(key)).catch(() => undefined);
    }
    try {
      return await pending;
    } catch (err) {
      if (err instanceof DomainError && err.status === 401) throw this.refusal(headers, err.message);
      throw err;
    }
  }

  /** The 401 for a request, with the challenge its client understands. */
  refusal(headers: IncomingHttpHeaders, message: string): DomainError {
    const scheme = headers.usexbasic !== undefined ? 'XBasic' : 'Basic';
    return new DomainError('security', 'Unauthorized', message, { 'www-authenticate': `${scheme} realm="${this.realm}"` });
  }

  private async verify(body: Record<string, string | undefined>): Promise<Principal> {
    const res = await this.identity.request({
      method: 'POST', path: '/internal/authenticate',
      headers: { 'content-type': 'application/json', accept: 'application/json', [PRINCIPAL_HEADER]: signPrincipal(INTERNAL, this.internalKey) },
      body: JSON.stringify(body),
    }).catch(() => undefined);
    if (!res) throw new DomainError('general', 'Service Unavailable', 'Authentication is not available, retry later', { 'retry-after': '5' });
    const answer = await res.body.json().catch(() => undefined) as { principal?: Principal; message?: string } | undefined;
    if (res.statusCode === 200 && answer?.principal) return answer.principal;
    if (res.statusCode === 401) throw new DomainError('security', 'Unauthorized', answer?.message ?? 'Invalid credentials! : Bad credentials');
    throw new DomainError('general', 'Service Unavailable', 'Authentication is not available, retry later', { 'retry-after': '5' });
  }
}
