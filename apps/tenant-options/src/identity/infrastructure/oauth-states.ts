import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { REDIS } from '@berth/runtime';
import { TENANT_OPTIONS_CONFIG } from '../../config/tenant-options.token';
import type { TenantOptionsConfig } from '../../config/tenant-options.env';

/** What an authorization-code login started with: kept in Redis under its `state` until the code comes back. */
export interface OAuthState { tenant: string; optionId: string; verifier?: string; nonce: string }

export const OAUTH_STATE_SECONDS = 600;

/** One-time OAuth2 `state` values, kept in Redis: made by the `initRequest`, taken once by the code exchange, gone after 10 minutes. */
@Injectable()
export class OAuthStates {
  constructor(@Inject(REDIS) private readonly redis: Redis, @Inject(TENANT_OPTIONS_CONFIG) private readonly config: TenantOptionsConfig) {}

  /** A new state for a login, with a PKCE verifier when `pkce`; answers the state and the S256 challenge. */
  async start(tenant: string, optionId: string, pkce: boolean): Promise<{ state: string; nonce: string; challenge?: string }> {
    const state = randomBytes(24).toString('base64url');
    const nonce = randomBytes(16).toString('base64url');
    const verifier = pkce ? randomBytes(32).toString('base64url') : undefined;
    const value: OAuthState = { tenant, optionId, nonce, ...(verifier ? { verifier } : {}) };
    await this.redis.set(this.key(state), JSON.stringify(value), 'EX', OAUTH_STATE_SECONDS);
    return { state, nonce, challenge: verifier && createHash('sha256').update(verifier).digest('base64url') };
  }

  /** The state's login, once: a second take, or after it expired, answers undefined. */
  async take(state: string): Promise<OAuthState | undefined> {
    const value = await this.redis.getdel(this.key(state));
    return value ? JSON.parse(value) as OAuthState : undefined;
  }

  private key(state: string) {
    return `${this.config.BERTH_DB_PREFIX}:oauth-state:${createHash('sha256').update(state).digest('base64url')}`;
  }
}
