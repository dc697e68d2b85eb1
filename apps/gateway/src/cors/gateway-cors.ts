import type { IncomingHttpHeaders } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import { forbidden } from '@berth/auth';
import { BASE_CONFIG } from '@berth/runtime';
import { hostLabel } from '../auth/basic-credentials';
import type { GatewayConfig } from '../config/gateway.env';
import { GatewayOptionViews } from '../options/gateway-option-views';
import type { TenantOptionView } from '../options/tenant-option-view';
import { corsShape, CorsPolicy, Headers, parseAllowOrigin, preflightHeaders, responseCorsHeaders } from './cors-policy';

/**
 * CORS for every answer the gateway gives (docs/api/options.md, docs/security.md): each tenant's `access.control/allow.origin`
 * option, else the platform default `BERTH_CORS_ALLOW_ORIGIN`. The tenant is the caller's; a
 * request without a principal (a preflight, a public path, refused credentials) is for the tenant
 * its Host's first label names, as in Basic authentication, and falls to the default when that
 * tenant has no option. Requests without `Origin` are left alone and cost nothing.
 */
@Injectable()
export class GatewayCors {
  private readonly view: TenantOptionView<CorsPolicy>;
  private readonly fallback: CorsPolicy;
  private readonly maxAge: number;

  constructor(@Inject(BASE_CONFIG) config: GatewayConfig, views: GatewayOptionViews) {
    this.fallback = parseAllowOrigin(config.BERTH_CORS_ALLOW_ORIGIN)!;
    this.maxAge = config.BERTH_CORS_MAX_AGE_SECONDS;
    this.view = views.create(corsShape(this.fallback));
  }

  /** The CORS headers of an answer to a request with `Origin`, for the caller's tenant (if known). */
  headers(origin: string, headers: IncomingHttpHeaders, tenant: string | undefined): Headers | Promise<Headers> {
    const policy = this.policy(tenant ?? hostLabel(headers.host));
    return policy instanceof Promise ? policy.then((p) => responseCorsHeaders(p, origin)) : responseCorsHeaders(policy, origin);
  }

  /** The answer to a preflight (204 with its headers); rejects with 403 when the origin is not allowed. */
  async preflight(headers: IncomingHttpHeaders): Promise<Headers> {
    const origin = headers.origin!;
    const answer = preflightHeaders(await this.policy(hostLabel(headers.host)), origin, headers, this.maxAge);
    if (!answer) throw forbidden(`Origin ${origin} is not allowed to call this platform`);
    return answer;
  }

  /** Whether the tenant's CORS policy lets `origin` call with the user's credentials (an origin its option lists; `*` does not). */
  async allowsCredentials(origin: string, tenant: string): Promise<boolean> {
    return responseCorsHeaders(await this.policy(tenant), origin)['access-control-allow-credentials'] === 'true';
  }

  private policy(tenant: string | undefined): CorsPolicy | Promise<CorsPolicy> {
    return tenant === undefined ? this.fallback : this.view.get(tenant);
  }
}
