import { Inject, Injectable } from '@nestjs/common';
import type { BaseConfig } from '@berth/config';
import { BASE_CONFIG } from '@berth/runtime';
import { TenantRecord, UserRecord } from '../infrastructure/identity-records';

/** The public representations of users, roles and tenants, with links under the public base URL. */
@Injectable()
export class IdentityRepresentations {
  readonly base: string;

  constructor(@Inject(BASE_CONFIG) config: BaseConfig) {
    this.base = config.BERTH_PUBLIC_URL.replace(/\/$/, '');
  }

  role(name: string) {
    return { id: name, name, self: `${this.base}/user/roles/${encodeURIComponent(name)}` };
  }

  userSelf(tenant: string, userName: string) {
    return `${this.base}/user/${tenant}/users/${encodeURIComponent(userName)}`;
  }

  /** A user without secrets; `effectiveRoles` only when given (currentUser). */
  user(u: UserRecord, effectiveRoles?: string[]) {
    const self = this.userSelf(u.tenant, u.userName);
    return {
      id: u.userName, self, userName: u.userName,
      ...(u.email !== undefined ? { email: u.email } : {}),
      ...(u.firstName !== undefined ? { firstName: u.firstName } : {}),
      ...(u.lastName !== undefined ? { lastName: u.lastName } : {}),
      ...(u.phone !== undefined ? { phone: u.phone } : {}),
      enabled: u.enabled, shouldResetPassword: false, lastPasswordChange: u.lastPasswordChange.toISOString(),
      roles: { self: `${self}/roles`, references: u.roles.map((r) => this.roleReference(self, r)) },
      groups: { self: `${self}/groups`, references: [] },
      ...(effectiveRoles ? { effectiveRoles: effectiveRoles.map((r) => this.role(r)) } : {}),
    };
  }

  roleReference(userSelf: string, role: string) {
    return { self: `${userSelf}/roles/${encodeURIComponent(role)}`, role: this.role(role) };
  }

  tenant(t: TenantRecord) {
    const { _id, domainLabel: _label, version: _version, creationTime, ...fields } = t;
    return { id: _id, self: `${this.base}/tenant/tenants/${_id}`, ...fields, creationTime: creationTime.toISOString(), allowCreateTenants: false, customProperties: {} };
  }
}
