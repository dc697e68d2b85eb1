import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { decodeJwt, unauthorized } from '@berth/auth';
import { TENANT_OPTIONS_CONFIG } from '../../../../config/tenant-options.token';
import type { TenantOptionsConfig } from '../../../../config/tenant-options.env';
import { isSessionCurrent } from '../../../domain/sessions';
import { EffectiveRoles } from '../../../infrastructure/effective-roles';
import { userId } from '../../../infrastructure/identity-records';
import { IdentityStore } from '../../../infrastructure/identity-store';
import { LoginLockout } from '../../../infrastructure/login-lockout';
import { PasswordHasher } from '../../../infrastructure/password-hasher';
import { PlatformTokens } from '../../../infrastructure/platform-tokens';
import { TenantResolver } from '../../../infrastructure/tenant-resolver';
import { TwoFactor } from '../../../infrastructure/two-factor';
import { ExternalJwt } from './external-jwt';
import { AuthenticateCommand, AuthResult, Credentials, TokenCredentials } from './authenticate.command';

/** The message go-c8y-cli and the real platform use for a wrong user, password or tenant. */
const BAD_CREDENTIALS = 'Invalid credentials! : Bad credentials';

@CommandHandler(AuthenticateCommand)
export class AuthenticateHandler implements ICommandHandler<AuthenticateCommand> {
  constructor(
    private readonly store: IdentityStore,
    private readonly hasher: PasswordHasher,
    private readonly lockout: LoginLockout,
    private readonly roles: EffectiveRoles,
    private readonly tokens: PlatformTokens,
    private readonly externalJwt: ExternalJwt,
    private readonly tenants: TenantResolver,
    private readonly twoFactor: TwoFactor,
    @Inject(TENANT_OPTIONS_CONFIG) private readonly config: TenantOptionsConfig,
  ) {}

  async execute({ credentials }: AuthenticateCommand): Promise<AuthResult> {
    return 'token' in credentials ? this.byToken(credentials) : this.byPassword(credentials);
  }

  /**
   * A platform token is good while it is valid, not revoked, issued since the user's sessions
   * began (isSessionCurrent), and its user and tenant are active; an RS256 JWT signed by a tenant's key, while valid
   * and naming an active user of that tenant.
   */
  private async byToken({ token }: TokenCredentials): Promise<AuthResult> {
    const jwt = decodeJwt(token);
    if (jwt?.header.alg !== 'HS256') return this.byExternalJwt(jwt);
    const claims = await this.tokens.verify(token);
    const tenant = claims && await this.store.tenants.findOne({ _id: claims.tenant });
    const user = claims && tenant?.status === 'ACTIVE' ? await this.store.users.findOne({ _id: userId(claims.tenant, claims.user) }) : null;
    if (!claims || !user || user.deleted || !user.enabled || !isSessionCurrent(user, claims.issuedAtMs)) {
      throw unauthorized('Invalid credentials! : the access token is invalid or expired');
    }
    const principal = { tenant: claims.tenant, user: user.userName, roles: await this.roles.of(user), kind: user.kind };
    return { principal, expiresAt: claims.exp * 1000, xsrfToken: claims.xsrfToken };
  }

  private async byExternalJwt(jwt: ReturnType<typeof decodeJwt>): Promise<AuthResult> {
    const claims = jwt && await this.externalJwt.verify(jwt);
    const tenant = claims && await this.store.tenants.findOne({ _id: claims.tenant });
    const user = claims && tenant?.status === 'ACTIVE' ? await this.store.users.findOne({ _id: userId(claims.tenant, claims.user) }) : null;
    if (!claims || !user || user.deleted || !user.enabled) throw unauthorized('Invalid credentials! : the token is invalid, expired, or names another tenant or user');
    // An external token cannot prove a second factor: a user who needs one logs in with a password and a TFA code.
    if (await this.twoFactor.isRequired(user)) throw unauthorized('Invalid credentials! : the user must pass two-factor authentication, which an externally signed token cannot carry');
    return { principal: { tenant: claims.tenant, user: user.userName, roles: await this.roles.of(user), kind: user.kind }, expiresAt: claims.exp * 1000 };
  }

  private async byPassword(credentials: Credentials): Promise<AuthResult> {
    const tenant = await this.tenants.resolve(credentials);
    const id = userId(tenant ?? '-', credentials.user);
    if (tenant && await this.lockout.isLocked(id)) {
      throw unauthorized('Invalid credentials! : User is locked out after too many failed logins, try again later');
    }
    const user = tenant ? await this.store.users.findOne({ _id: id }) : null;
    // An unknown tenant or user costs a hash too, so timing does not tell which part was wrong.
    const matches = await this.hasher.verify(credentials.password, user?.passwordHash ?? PasswordHasher.DUMMY);
    if (!tenant || !user || !matches || !user.enabled) {
      if (tenant && user) await this.lockout.failed(id);
      throw unauthorized(BAD_CREDENTIALS);
    }
    const tfa = await this.twoFactor.check(user, { code: credentials.tfaCode, token: credentials.tfaToken });
    await this.lockout.succeeded(id);
    return { principal: { tenant, user: user.userName, roles: await this.roles.of(user), kind: user.kind }, ...tfa };
  }
}
