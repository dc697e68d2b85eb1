import { Inject, Injectable } from '@nestjs/common';
import { DecodedJwt, hasValidSignature, isWithinValidity } from '@berth/auth';
import { TENANT_OPTIONS_CONFIG } from '../../../../config/tenant-options.token';
import type { TenantOptionsConfig } from '../../../../config/tenant-options.env';
import { isWithinLifetimeCap } from '../../../domain/external-token-lifetime';
import { ExternalJwtKeys } from '../../../infrastructure/external-jwt-keys';

/**
 * Checks a JWT signed by a key a tenant uploaded (docs/security.md, "External JWTs"): RS256 only,
 * `kid` naming the tenant's `token.publicKey` option, `iss` the platform's issuer, `aud` the
 * tenant, `nbf`/`exp` with 30 s of skew, and a lifetime of at most
 * `BERTH_EXTERNAL_TOKEN_MAX_LIFETIME_SECONDS` (see isWithinLifetimeCap). Answers the tenant and
 * user it names, or undefined.
 */
@Injectable()
export class ExternalJwt {
  constructor(private readonly keys: ExternalJwtKeys, @Inject(TENANT_OPTIONS_CONFIG) private readonly config: TenantOptionsConfig) {}

  async verify(jwt: DecodedJwt): Promise<{ tenant: string; user: string; exp: number } | undefined> {
    const { aud, sub, iss, exp } = jwt.payload;
    if (jwt.header.alg !== 'RS256' || typeof jwt.header.kid !== 'string') return undefined;
    if (typeof aud !== 'string' || typeof sub !== 'string' || iss !== this.config.BERTH_JWT_ISSUER || !isWithinValidity(jwt.payload)) return undefined;
    if (!isWithinLifetimeCap(jwt.payload, this.config.BERTH_EXTERNAL_TOKEN_MAX_LIFETIME_SECONDS)) return undefined;
    const key = await this.keys.get(aud, jwt.header.kid);
    if (!key || !hasValidSignature(jwt, 'RS256', key)) return undefined;
    return { tenant: aud, user: sub, exp: Number(exp) };
  }
}
