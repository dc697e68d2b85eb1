import { failureOf } from '../http/provider-failure';
import { basicAuth, ProviderHttpClient } from '../http/provider-http-client';
import { ProviderUnavailableError } from '../sms-provider';

export interface ClientCredentials { authUrl: string; clientId: string; clientSecret: string }

const DEFAULT_LIFETIME_S = 300;
const MAX_SKEW_MS = 60_000;

/**
 * One OAuth2 client-credentials token (RFC 6749 4.4) for one tenant's provider B: fetched with
 * `POST authUrl` (Basic client id and secret, `grant_type=client_credentials`), kept until a tenth
 * of its lifetime (at most a minute) before `expires_in`, shared by concurrent callers (one request
 * in flight). `invalidate` drops it after the messaging API refused it. The token is never logged.
 */
export class OAuthTokenCache {
  private token?: { value: string; renewAt: number };
  private pending?: Promise<string>;

  constructor(private readonly http: ProviderHttpClient, private readonly credentials: ClientCredentials, private readonly now: () => number = Date.now) {}

  async get(): Promise<string> {
    if (this.token && this.now() < this.token.renewAt) return this.token.value;
    this.pending ??= this.fetch().finally(() => (this.pending = undefined));
    return this.pending;
  }

  /** Drops `value` if it is still the cached token (a concurrent refresh may have replaced it already). */
  invalidate(value: string): void {
    if (this.token?.value === value) this.token = undefined;
  }

  private async fetch(): Promise<string> {
    const started = this.now();
    const res = await this.http.call({
      method: 'POST', url: this.credentials.authUrl,
      headers: { authorization: basicAuth(this.credentials.clientId, this.credentials.clientSecret) },
      form: { grant_type: 'client_credentials' },
    });
    const body = res.body as { access_token?: unknown; expires_in?: unknown; error?: unknown; error_description?: unknown } | null;
    if (res.status !== 200) throw failureOf('http-b token', res.status, oauthReason(body), res.headers['retry-after']);
    if (typeof body?.access_token !== 'string' || !body.access_token) throw new ProviderUnavailableError('http-b token: 200 without access_token');
    const lifetimeMs = (Number(body.expires_in) > 0 ? Number(body.expires_in) : DEFAULT_LIFETIME_S) * 1000;
    this.token = { value: body.access_token, renewAt: started + lifetimeMs - Math.min(MAX_SKEW_MS, lifetimeMs / 10) };
    return body.access_token;
  }
}

function oauthReason(body: { error?: unknown; error_description?: unknown } | string | null): string {
  if (body && typeof body === 'object') {
    if (typeof body.error_description === 'string') return `${body.error ?? ''}: ${body.error_description}`.replace(/^: /, '');
    if (typeof body.error === 'string') return body.error;
  }
  return typeof body === 'string' ? body : '';
}
