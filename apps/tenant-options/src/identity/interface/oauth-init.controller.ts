import { Controller, Get, Headers, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Public } from '@berth/auth';
import { DomainError } from '@berth/http';
import { LoginOptionStore } from '../infrastructure/login-option-store';
import { OAUTH_STATE_SECONDS, OAuthStates } from '../infrastructure/oauth-states';
import { OidcClient } from '../infrastructure/oidc-client';
import { requestHostLabel, TenantResolver } from '../infrastructure/tenant-resolver';
import { ApiRoute } from '@berth/openapi';

/** The cookie that ties a browser to the login it started, for a code POSTed back without `state`. */
export const OAUTH_STATE_COOKIE = 'oauth_state';

/**
 * `GET /tenant/oauth?tenant_id=…&login_option=…`: the `initRequest` of an OAuth2 login option.
 * Keeps a new `state` (with a PKCE verifier and a nonce) and redirects the browser (302) to the
 * option's authorization endpoint; the state also goes into the `oauth_state` cookie.
 */
@Controller('tenant/oauth')
export class OAuthInitController {
  constructor(
    private readonly tenants: TenantResolver, private readonly options: LoginOptionStore,
    private readonly states: OAuthStates, private readonly oidc: OidcClient,
  ) {}

  @Get()
  @ApiRoute('Start an OAuth login at the tenant\'s identity provider', { status: 302, public: true, query: ['tenant_id', 'login_option'] })
  @Public()
  async init(@Query() query: Record<string, string | undefined>, @Headers() headers: Record<string, string | undefined>, @Res() reply: FastifyReply) {
    const tenant = await this.tenants.resolve({ tenant: query.tenant_id || undefined, hostLabel: requestHostLabel(headers) });
    if (!tenant) throw new DomainError('tenants', 'Not Found', `Tenant ${query.tenant_id ?? ''} does not exist`);
    const option = query.login_option ? await this.options.get(tenant, query.login_option) : (await this.options.list(tenant))[0];
    if (!option) throw new DomainError('loginOptions', 'Not Found', `Tenant ${tenant} has no OAuth2 login option`);
    const endpoints = await this.oidc.endpoints(option);
    const { state, nonce, challenge } = await this.states.start(tenant, option.id, option.pkce);
    const target = new URL(endpoints.authorizationEndpoint);
    const params = { response_type: 'code', client_id: option.clientId, redirect_uri: option.redirectToPlatform, scope: option.scopes.join(' '), state, nonce };
    for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
    if (challenge) {
      target.searchParams.set('code_challenge', challenge);
      target.searchParams.set('code_challenge_method', 'S256');
    }
    const secure = headers['x-forwarded-proto'] === 'https' ? '; Secure' : '';
    reply.code(302).header('location', target.toString()).header('cache-control', 'no-store')
      .header('set-cookie', `${OAUTH_STATE_COOKIE}=${state}; Path=/tenant/oauth; Max-Age=${OAUTH_STATE_SECONDS}; HttpOnly; SameSite=Lax${secure}`);
    return reply.send();
  }
}
