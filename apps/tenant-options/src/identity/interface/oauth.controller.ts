import { Body, Controller, Headers, HttpCode, Post, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { Public } from '@berth/auth';
import { DomainError } from '@berth/http';
import { AuthenticateCommand } from '../application/commands/authenticate/authenticate.command';
import { PlatformTokens, TokenClaims } from '../infrastructure/platform-tokens';
import { OAuthCodeLoginCommand } from '../application/commands/oauth-code-login/oauth-code-login.command';
import { OAUTH_STATE_COOKIE } from './oauth-init.controller';
import { ApiRoute } from '@berth/openapi';
import { GRANT_TYPE } from '../domain/login-option';
import { GRANT_TYPE_SCHEMA } from './identity.schemas';
import { LoginForm, loginFormFrom } from './login-form';

interface Login { token: string; claims: TokenClaims; tfaToken?: string }

const cookieValue = (cookie: string | undefined, name: string) => cookie ? new RegExp(`(?:^|;\\s*)${name}=([^;\\s]+)`).exec(cookie)?.[1] : undefined;


/**
 * OAI-Secure login (docs/api/tenants-users-auth.md): `POST /tenant/oauth` sets the `authorization` cookie (the
 * token) and then `XSRF-TOKEN`; `POST /tenant/oauth/token` answers `{access_token}`. Both take the
 * form `grant_type=PASSWORD&username&password`, plus the second factor where TFA is on: `tfa_code`
 * (the string `undefined` counts as none) or `tfa_token` (or header `TFAToken`). A login that
 * passed a code answers a new TFA token in header `TFAToken` (and `tfa_token`). The tenant comes from `?tenant_id=`, a
 * `tenant/user` user name, the Host label, or the default tenant. With
 * `grant_type=authorization_code&code=…` (query or form) the code of an OAuth2
 * login option is exchanged instead; its `state` comes from the query, the form, or the
 * `oauth_state` cookie the `initRequest` set.
 */
@Controller('tenant/oauth')
export class OAuthController {
  constructor(private readonly commands: CommandBus, private readonly tokens: PlatformTokens) {}

  @Post()
  @ApiRoute('OAI-Secure login: sets the authorization cookie and the XSRF token', { public: true, accepts: 'form:loginForm', query: ['tenant_id', 'grant_type', 'code', 'state'], params: { grant_type: GRANT_TYPE_SCHEMA } })
  @Public()
  @HttpCode(200)
  async cookie(@Body() form: unknown, @Query() query: unknown, @Headers() headers: Record<string, string | undefined>, @Res({ passthrough: true }) reply: FastifyReply) {
    const { token, claims, tfaToken } = await this.login(form, query, headers);
    if (tfaToken) reply.header('tfatoken', tfaToken);
    const attributes = `Path=/; Max-Age=${claims.exp - claims.iat}; SameSite=Lax${headers['x-forwarded-proto'] === 'https' ? '; Secure' : ''}`;
    reply.header('set-cookie', [`authorization=${token}; ${attributes}; HttpOnly`, `XSRF-TOKEN=${claims.xsrfToken}; ${attributes}`]);
    return '';
  }

  @Post('token')
  @ApiRoute('OAuth token: an access token for credentials or a code', { returns: 'json:accessToken', public: true, accepts: 'form:loginForm', query: ['tenant_id', 'grant_type', 'code', 'state'], params: { grant_type: GRANT_TYPE_SCHEMA } })
  @Public()
  @HttpCode(200)
  async token(@Body() form: unknown, @Query() query: unknown, @Headers() headers: Record<string, string | undefined>, @Res({ passthrough: true }) reply: FastifyReply) {
    const { token, tfaToken } = await this.login(form, query, headers);
    if (tfaToken) reply.header('tfatoken', tfaToken);
    return { access_token: token, ...(tfaToken ? { tfa_token: tfaToken } : {}) };
  }

  private async login(bodySource: unknown, querySource: unknown, headers: Record<string, string | undefined>): Promise<Login> {
    const body = loginFormFrom(bodySource);
    const query = loginFormFrom(querySource);
    const form: LoginForm = { ...body, grant_type: body.grant_type ?? query.grant_type, code: body.code ?? query.code, state: body.state ?? query.state };
    const given = String(form.grant_type ?? '');
    if (!GRANT_TYPE.test(given)) throw new DomainError('security', 'Unprocessable Entity', 'grant_type must be PASSWORD or AUTHORIZATION_CODE');
    if (given.toUpperCase() === 'AUTHORIZATION_CODE') {
      const state = form.state || cookieValue(headers.cookie, OAUTH_STATE_COOKIE);
      if (!form.code || !state) throw new DomainError('security', 'Unauthorized', 'Invalid credentials! : the authorization code grant needs code and state (or the oauth_state cookie of its initRequest)');
      const principal = await this.commands.execute(new OAuthCodeLoginCommand(form.code, state));
      return this.tokens.issue(principal.tenant, principal.user);
    }
    const tenantId = query.tenant_id;
    if (!form.username || !form.password) throw new DomainError('security', 'Unauthorized', 'Invalid credentials! : username and password are required');
    const slash = form.username.indexOf('/');
    const tenant = tenantId || (slash > 0 ? form.username.slice(0, slash) : undefined);
    const user = slash > 0 && !tenantId ? form.username.slice(slash + 1) : form.username;
    const hostLabel = (headers['x-forwarded-host'] ?? headers.host ?? '').split(':')[0].split('.')[0] || undefined;
    const { principal, tfaToken } = await this.commands.execute(new AuthenticateCommand({
      tenant, hostLabel, user, password: form.password, tfaCode: form.tfa_code, tfaToken: form.tfa_token ?? headers.tfatoken,
    }));
    return { ...(await this.tokens.issue(principal.tenant, principal.user)), tfaToken };
  }
}
