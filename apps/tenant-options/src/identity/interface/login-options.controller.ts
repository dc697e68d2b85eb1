import { Body, Controller, Delete, Get, Headers, HttpCode, Inject, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CurrentPrincipal, Principal, Public, Roles } from '@berth/auth';
import { DomainError, negotiate } from '@berth/http';
import { TENANT_OPTIONS_CONFIG } from '../../config/tenant-options.token';
import type { TenantOptionsConfig } from '../../config/tenant-options.env';
import { BUILT_IN_LOGIN_OPTION_ID, LOGIN_OPTION_ID, LoginOptionRecord, parseLoginOption } from '../domain/login-option';
import { LoginOptionStore } from '../infrastructure/login-option-store';
import { OidcClient } from '../infrastructure/oidc-client';
import { TenantResolver, requestHostLabel } from '../infrastructure/tenant-resolver';
import { TfaSettingsReader } from '../infrastructure/tfa-settings';
import { IdentityRepresentations } from './identity-links';
import { ApiRoute } from '@berth/openapi';
import { LOGIN_OPTION_ID_SCHEMA } from './identity.schemas';

const ADMIN_ROLES = ['ROLE_TENANT_ADMIN', 'ROLE_TENANT_MANAGEMENT_ADMIN'];

/**
 * Login options (docs/api/tenants-users-auth.md). `GET` and `POST /tenant/loginOptions` are public and answer
 * the collection of the tenant named by `?tenantId=`, `?management=true`, the Host label, or the
 * default tenant. `/tenant/loginOptions/{id}` is the tenant admins' CRUD of OAuth2 options.
 */
@Controller('tenant/loginOptions')
export class LoginOptionsController {
  constructor(
    private readonly store: LoginOptionStore, private readonly tenants: TenantResolver, private readonly tfa: TfaSettingsReader,
    private readonly links: IdentityRepresentations, @Inject(TENANT_OPTIONS_CONFIG) private readonly config: TenantOptionsConfig,
    private readonly oidc: OidcClient,
  ) {}

  @Get()
  @ApiRoute('The tenant\'s login options (before login)', { returns: 'loginOptionCollection', public: true, query: ['tenantId', 'management'] })
  @Public()
  list(@Query() query: Record<string, string | undefined>, @Headers() headers: Record<string, string | undefined>, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.collection(query, headers, reply);
  }

  @Post()
  @ApiRoute('The tenant\'s login options (before login)', { returns: 'loginOptionCollection', public: true, query: ['tenantId', 'management'] })
  @Public()
  @HttpCode(200)
  listByPost(@Query() query: Record<string, string | undefined>, @Headers() headers: Record<string, string | undefined>, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.collection(query, headers, reply);
  }

  @Get(':id')
  @ApiRoute('A login option', { returns: 'loginOption' })
  @Roles(...ADMIN_ROLES)
  async get(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    reply.header('content-type', negotiate(this.config.BERTH_BRAND, 'loginOption', accept));
    return this.admin(await this.store.get(p.tenant, id));
  }

  @Put(':id')
  @ApiRoute('Create or update a login option', { status: [200, 201], returns: 'loginOption', accepts: 'loginOption:loginOptionRequest', params: { id: LOGIN_OPTION_ID_SCHEMA } })
  @Roles(...ADMIN_ROLES)
  async put(@CurrentPrincipal() p: Principal, @Param('id') id: string, @Body() body: unknown, @Headers('accept') accept: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    if (BUILT_IN_LOGIN_OPTION_ID.test(id)) throw new DomainError('loginOptions', 'Invalid Data', `${id} is built in; two-factor settings are tenant options of category two-factor-authentication`);
    if (!LOGIN_OPTION_ID.test(id)) throw new DomainError('loginOptions', 'Invalid Data', 'A login option id has 1 to 64 letters, digits, ".", "_" or "-"');
    const fields = parseLoginOption(body, p.tenant === this.config.BERTH_MANAGEMENT_TENANT, `${this.links.base}/`);
    await this.oidc.checkCalledUrls(fields);
    const { option, created } = await this.store.put(p.tenant, id, fields);
    const self = this.self(id);
    if (created) reply.code(201).header('location', self);
    if (!accept) return '';
    reply.header('content-type', negotiate(this.config.BERTH_BRAND, 'loginOption', accept));
    return this.admin(option);
  }

  @Delete(':id')
  @ApiRoute('Delete a login option', { status: 204 })
  @Roles(...ADMIN_ROLES)
  @HttpCode(204)
  async remove(@CurrentPrincipal() p: Principal, @Param('id') id: string) {
    await this.store.remove(p.tenant, id);
  }

  private async collection(query: Record<string, string | undefined>, headers: Record<string, string | undefined>, reply: FastifyReply) {
    reply.header('content-type', negotiate(this.config.BERTH_BRAND, 'loginOptionCollection', headers.accept));
    const named = query.management === 'true' ? this.config.BERTH_MANAGEMENT_TENANT : query.tenantId || undefined;
    const tenant = await this.tenants.resolve({ tenant: named, hostLabel: requestHostLabel(headers) });
    if (!tenant) throw new DomainError('tenants', 'Not Found', `Tenant ${named ?? ''} does not exist`.replace('  ', ' '));
    const tfa = await this.tfa.of(tenant);
    const basic = { id: 'basic', type: 'basic', self: this.self('basic'), grantType: 'PASSWORD', userManagementSource: 'INTERNAL', visibleOnLoginPage: true, tenantId: tenant, enforceTfa: tfa.enforced, tfaStrategy: tfa.strategy };
    const internal = { ...basic, id: 'oauth-internal', type: 'OAUTH2_INTERNAL', self: this.self('oauth-internal') };
    const oauth = (await this.store.list(tenant)).map((o) => ({
      id: o.id, type: 'oauth2', self: this.self(o.id), buttonName: o.buttonName, grantType: 'AUTHORIZATION_CODE',
      initRequest: `${this.links.base}/tenant/oauth?tenant_id=${encodeURIComponent(tenant)}&login_option=${encodeURIComponent(o.id)}`,
      visibleOnLoginPage: o.visibleOnLoginPage, userManagementSource: 'REMOTE', tenantId: tenant,
    }));
    return { self: `${this.links.base}/tenant/loginOptions`, loginOptions: [basic, internal, ...oauth] };
  }

  /** The admin's view of an option: every field but the client secret, of which only its presence shows. */
  private admin(o: LoginOptionRecord) {
    const { _id, clientSecret, ...rest } = o;
    return { ...rest, type: 'oauth2', self: this.self(o.id), clientSecretSet: !!clientSecret, grantType: 'AUTHORIZATION_CODE' };
  }

  private self(id: string) {
    return `${this.links.base}/tenant/loginOptions/${encodeURIComponent(id)}`;
  }
}
