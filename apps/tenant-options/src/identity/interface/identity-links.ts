import { Inject, Injectable } from '@nestjs/common';
import { PublicBase } from '@berth/runtime';
import { TENANT_OPTIONS_CONFIG } from '../../config/tenant-options.token';
import type { TenantOptionsConfig } from '../../config/tenant-options.env';
import { shownParent } from '../domain/tenant-fields';
import { TenantRecord, UserRecord } from '../infrastructure/identity-records';

/** The fields of a tenant's representation that come from its record as they are. */
const TENANT_FIELDS = ['domain', 'company', 'status', 'adminName', 'adminEmail', 'contactName', 'contactPhone'] as const satisfies readonly (keyof TenantRecord)[];

/** The public representations of users, roles and tenants, with links under the public base URL. */
@Injectable()
export class IdentityRepresentations {
  /** The request's public base URL, which every link starts with. */
  get base(): string { return this.publicBase.url; }
  private readonly managementTenant: string;

  constructor(@Inject(TENANT_OPTIONS_CONFIG) options: TenantOptionsConfig, private readonly publicBase: PublicBase) {
    this.managementTenant = options.BERTH_MANAGEMENT_TENANT;
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
      groups: { self: `${self}/groups`, references: u.groups.map((id) => this.groupReference(u.tenant, id)) },
      ...(effectiveRoles ? { effectiveRoles: effectiveRoles.map((r) => this.role(r)) } : {}),
    };
  }

  /** A group the user is a member of, by id (the group's name is read at the group). */
  groupReference(tenant: string, id: string) {
    const self = `${this.base}/user/${tenant}/groups/${encodeURIComponent(id)}`;
    return { self, group: { id, self } };
  }

  roleReference(userSelf: string, role: string) {
    return { self: `${userSelf}/roles/${encodeURIComponent(role)}`, role: this.role(role) };
  }

  /** `parent`: the tenant that created it; a tenant recorded without one is the management tenant's child, and the management tenant has none. */
  tenant(t: TenantRecord) {
    const { _id, creationTime } = t;
    const parent = shownParent(t, this.managementTenant);
    // Named fields only: the stored document also carries storage fields (outbox, version, lookup keys).
    const fields = Object.fromEntries(TENANT_FIELDS.flatMap((name) => (t[name] === undefined ? [] : [[name, t[name]]])));
    return {
      id: _id, self: `${this.base}/tenant/tenants/${_id}`, ...fields, ...(parent ? { parent } : {}),
      creationTime: creationTime.toISOString(), allowCreateTenants: false, customProperties: t.customProperties ?? {},
    };
  }
}
