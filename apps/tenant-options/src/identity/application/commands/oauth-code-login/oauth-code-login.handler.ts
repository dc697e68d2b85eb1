import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Principal, unauthorized } from '@berth/auth';
import { TENANT_OPTIONS_CONFIG } from '../../../../config/tenant-options.token';
import type { TenantOptionsConfig } from '../../../../config/tenant-options.env';
import { LoginOptionRecord } from '../../../domain/login-option';
import { newUserRecord, USER_NAME } from '../../../domain/new-records';
import { EffectiveRoles } from '../../../infrastructure/effective-roles';
import { userId } from '../../../infrastructure/identity-records';
import { IdentityStore } from '../../../infrastructure/identity-store';
import { LoginOptionStore } from '../../../infrastructure/login-option-store';
import { OAuthStates } from '../../../infrastructure/oauth-states';
import { OidcClient } from '../../../infrastructure/oidc-client';
import { UserWriter } from '../../../infrastructure/user-writer';
import { OAuthCodeLoginCommand } from './oauth-code-login.command';

/** A password hash no password matches: users made by an OAuth2 login have no password until one is set. */
export const NO_PASSWORD = '!oauth2';

@CommandHandler(OAuthCodeLoginCommand)
export class OAuthCodeLoginHandler implements ICommandHandler<OAuthCodeLoginCommand> {
  constructor(
    private readonly states: OAuthStates, private readonly options: LoginOptionStore, private readonly oidc: OidcClient,
    private readonly store: IdentityStore, private readonly users: UserWriter, private readonly roles: EffectiveRoles,
    @Inject(TENANT_OPTIONS_CONFIG) private readonly config: TenantOptionsConfig,
  ) {}

  async execute({ code, state }: OAuthCodeLoginCommand): Promise<Principal> {
    const started = await this.states.take(state);
    if (!started) throw unauthorized('Invalid credentials! : OAuth2 login failed: the state is unknown, used or expired; start again');
    const option = await this.options.options.findOne({ _id: `${started.tenant}/${started.optionId}` });
    const tenant = option && await this.store.tenants.findOne({ _id: started.tenant });
    if (!option || tenant?.status !== 'ACTIVE') throw unauthorized('Invalid credentials! : OAuth2 login failed: the login option no longer exists');
    const claims = await this.oidc.login(option, code, started.verifier, started.nonce);
    const userName = claims[option.userNameClaim];
    if (typeof userName !== 'string' || !USER_NAME.test(userName)) throw unauthorized(`Invalid credentials! : OAuth2 login failed: the ID token has no usable ${option.userNameClaim} claim`);
    const user = await this.provision(option, userName, claims);
    if (!user.enabled) throw unauthorized('Invalid credentials! : Bad credentials');
    return { tenant: option.tenant, user: user.userName, roles: await this.roles.of(user), kind: user.kind };
  }

  /** Creates the user, or updates the profile and — for users this option made — the mapped roles. */
  private async provision(option: LoginOptionRecord, userName: string, claims: Record<string, unknown>) {
    const roles = mappedRoles(option, claims);
    const profile = Object.fromEntries(Object.entries({ email: claims.email, firstName: claims.given_name, lastName: claims.family_name })
      .filter(([, v]) => typeof v === 'string' && v.length <= 1000)) as Record<string, string>;
    const existing = await this.store.users.findOne({ _id: userId(option.tenant, userName) });
    if (!existing || existing.deleted) {
      return this.users.insert({ ...newUserRecord({ tenant: option.tenant, userName, passwordHash: NO_PASSWORD, roles, ...profile }), oauth2Option: option.id });
    }
    const sameRoles = existing.oauth2Option !== option.id || (existing.roles.length === roles.length && roles.every((r) => existing.roles.includes(r)));
    const sameProfile = Object.entries(profile).every(([k, v]) => (existing as unknown as Record<string, unknown>)[k] === v);
    if (sameRoles && sameProfile) return existing;
    return this.users.update(existing, { $set: { ...profile, ...(sameRoles ? {} : { roles }) } }, sameRoles ? 'updated' : 'roles');
  }
}

/** The option's default roles plus those its `roleMapping` grants for each value of `rolesClaim`. */
export function mappedRoles(option: Pick<LoginOptionRecord, 'defaultRoles' | 'rolesClaim' | 'roleMapping'>, claims: Record<string, unknown>): string[] {
  const roles = new Set(option.defaultRoles);
  const raw = option.rolesClaim ? claims[option.rolesClaim] : undefined;
  const values = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/[\s,]+/) : [];
  for (const value of values) if (typeof value === 'string') option.roleMapping[value]?.forEach((r) => roles.add(r));
  return [...roles];
}
