import { forbidden, Principal, RoleSets } from '@berth/auth';

/**
 * Whether `principal` may act on tenant `tenant`'s identity data: its own tenant, or the
 * management tenant's users holding a tenant-management role. @throws 403 otherwise.
 */
export function assertTenantAccess(principal: Principal, tenant: string, managementTenant: string): void {
  if (principal.tenant === tenant) return;
  const manages = principal.tenant === managementTenant && principal.roles.some((r) => (RoleSets.tenantRead as readonly string[]).includes(r));
  if (!manages) throw forbidden(`Access to tenant ${tenant} is denied`);
}
