import { Body, Controller, Headers, HttpCode, Post, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { Public } from '@berth/auth';
import { DomainError } from '@berth/http';
import { AuthenticateCommand } from '../application/commands/authenticate/authenticate.command';
import { PlatformTokens } from '../infrastructure/platform-tokens';

interface LoginForm { grant_type?: string; username?: string; password?: string; tfa_code?: string; tfa_token?: string }

/**
 * OAI-Secure login (CLIENTS.md): `POST /tenant/oauth` sets the `authorization` cookie (the
 * token) and then `XSRF-TOKEN`; `POST /tenant/oauth/token` answers `{access_token}`. Both take the
 * form `grant_type=PASSWORD&username&password` (and `tfa_code`, possibly the string `undefined`,
 * or `tfa_token`, ignored while TFA is off); the tenant comes from `?tenant_id=`, a
 * `tenant/user` user name, the Host label, or the default tenant.
 */
@Controller('tenant/oauth')
export class OAuthController {
  constructor(private readonly commands: CommandBus, private readonly tokens: PlatformTokens) {}

  @Post()
  @Public()
  @HttpCode(200)
  async cookie(@Body() form: LoginForm | undefined, @Query('tenant_id') tenantId: string | undefined, @Headers() headers: Record<string, string | undefined>, @Res({ passthrough: true }) reply: FastifyReply) {
    const { token, claims } = await this.login(form, tenantId, headers);
    const attributes = `Path=/; Max-Age=${claims.exp - claims.iat}; SameSite=Lax${headers['x-forwarded-proto'] === 'https' ? '; Secure' : ''}`;
    reply.header('set-cookie', [`authorization=${token}; ${attributes}; HttpOnly`, `XSRF-TOKEN=${claims.xsrfToken}; ${attributes}`]);
    return '';
  }

  @Post('token')
  @Public()
  @HttpCode(200)
  async token(@Body() form: LoginForm | undefined, @Query('tenant_id') tenantId: string | undefined, @Headers() headers: Record<string, string | undefined>) {
    const { token } = await this.login(form, tenantId, headers);
    return { access_token: token };
  }

  private async login(form: LoginForm | undefined, tenantId: string | undefined, headers: Record<string, string | undefined>) {
    if (!form || String(form.grant_type ?? '').toUpperCase() !== 'PASSWORD') {
      throw new DomainError('security', 'Unprocessable Entity', 'grant_type must be PASSWORD (the authorization code grant needs a configured OAuth2 login option)');
    }
    if (!form.username || !form.password) throw new DomainError('security', 'Unauthorized', 'Invalid credentials! : username and password are required');
    const slash = form.username.indexOf('/');
    const tenant = tenantId || (slash > 0 ? form.username.slice(0, slash) : undefined);
    const user = slash > 0 && !tenantId ? form.username.slice(slash + 1) : form.username;
    const hostLabel = (headers['x-forwarded-host'] ?? headers.host ?? '').split(':')[0].split('.')[0] || undefined;
    const { principal } = await this.commands.execute(new AuthenticateCommand({ tenant, hostLabel, user, password: form.password }));
    return this.tokens.issue(principal.tenant, principal.user);
  }
}
