import { createHmac, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import Redis from 'ioredis';
import type { Connection } from 'mongoose';
import { decodeJwt, hasValidSignature, isWithinValidity, signJwt } from '@berth/auth';
import { REDIS } from '@berth/runtime';
import { TENANT_OPTIONS_CONFIG } from '../../config/tenant-options.token';
import type { TenantOptionsConfig } from '../../config/tenant-options.env';

/** What a platform token says once verified. */
export interface TokenClaims { tenant: string; user: string; jti: string; iat: number; exp: number; xsrfToken: string; issuedAtMs: number }

const MAX_LIFETIME_SECONDS = 30 * 86400;
/** The category of the tenant's option that sets its platform tokens' lifetime. */
export const TOKEN_LIFETIME_CATEGORY = 'oauth.internal';
const LIFESPAN_OPTION = `${TOKEN_LIFETIME_CATEGORY}/basic-token.lifespan.seconds`;

/**
 * The platform's own tokens (OAI-Secure): HS256 JWTs whose key changes every
 * `BERTH_TOKEN_KEY_ROTATION_HOURS`. Each key is derived from `BERTH_SECRETS_KEY` and its id
 * (`kid` = rotation period number), so no key is stored and a rotation logs nobody out: a token
 * verifies with the key of its own period for as long as it lives. Only tenant-options signs and
 * verifies them; revoked token ids are kept in Redis until the token would have expired.
 */
@Injectable()
export class PlatformTokens {
  private readonly periodMs: number;

  constructor(
    @Inject(TENANT_OPTIONS_CONFIG) private readonly config: TenantOptionsConfig,
    @Inject(REDIS) private readonly redis: Redis,
    @InjectConnection() private readonly connection: Connection,
  ) {
    this.periodMs = config.BERTH_TOKEN_KEY_ROTATION_HOURS * 3600_000;
  }

  async issue(tenant: string, user: string, now = Date.now()): Promise<{ token: string; claims: TokenClaims }> {
    const period = Math.floor(now / this.periodMs);
    const iat = Math.floor(now / 1000);
    const claims: TokenClaims = { tenant, user, jti: randomBytes(16).toString('base64url'), iat, exp: iat + await this.lifetime(tenant), xsrfToken: randomBytes(18).toString('base64url'), issuedAtMs: now };
    const payload = { iss: this.config.BERTH_JWT_ISSUER, sub: user, ten: tenant, jti: claims.jti, iat, nbf: iat, exp: claims.exp, xsrfToken: claims.xsrfToken, iat_ms: now, tfa: false };
    return { token: signJwt(payload, 'HS256', this.key(period), `p${period}`), claims };
  }

  /** The claims of a token this platform issued, still valid and not revoked; undefined otherwise. */
  async verify(token: string, now = Date.now()): Promise<TokenClaims | undefined> {
    const jwt = decodeJwt(token);
    const kid = typeof jwt?.header.kid === 'string' ? /^p(\d+)$/.exec(jwt.header.kid) : null;
    if (!jwt || !kid) return undefined;
    const period = Number(kid[1]);
    const oldest = Math.floor((now - MAX_LIFETIME_SECONDS * 1000) / this.periodMs) - 1;
    if (period > Math.floor(now / this.periodMs) || period < oldest || !hasValidSignature(jwt, 'HS256', this.key(period))) return undefined;
    const p = jwt.payload;
    if (!isWithinValidity(p, now) || typeof p.ten !== 'string' || typeof p.sub !== 'string' || typeof p.jti !== 'string') return undefined;
    if (await this.redis.exists(this.revokedKey(p.jti))) return undefined;
    return { tenant: p.ten, user: p.sub, jti: p.jti, iat: Number(p.iat), exp: Number(p.exp), xsrfToken: String(p.xsrfToken ?? ''), issuedAtMs: Number(p.iat_ms ?? Number(p.iat) * 1000) };
  }

  /** Refuses the token from now on (logout). */
  async revoke(claims: TokenClaims, now = Date.now()): Promise<void> {
    const seconds = Math.max(1, Math.ceil(claims.exp - now / 1000));
    await this.redis.set(this.revokedKey(claims.jti), '1', 'EX', seconds);
  }

  /** The tenant's token lifetime: its option `oauth.internal/basic-token.lifespan.seconds`, else the configured one. */
  private async lifetime(tenant: string): Promise<number> {
    const option = await this.connection.db!.collection<{ _id: string; value?: string; deleted?: boolean }>('options')
      .findOne({ _id: `${tenant}/${LIFESPAN_OPTION}` });
    const seconds = Number(option && !option.deleted ? option.value : NaN);
    return Number.isInteger(seconds) && seconds >= 60 ? Math.min(seconds, MAX_LIFETIME_SECONDS) : this.config.BERTH_TOKEN_LIFETIME_SECONDS;
  }

  private key(period: number): Buffer {
    return createHmac('sha256', this.config.BERTH_SECRETS_KEY).update(`berth-platform-token:${period}`).digest();
  }

  private revokedKey(jti: string) {
    return `${this.config.BERTH_DB_PREFIX}:revoked-token:${jti}`;
  }
}
