import { forbidden } from './auth-errors';
import type { Principal } from './principal';
import { RoleSets } from './roles';

const hasAny = (caller: Principal, roles: readonly string[]) => roles.some((r) => caller.roles.includes(r));

/**
 * Who may learn what tenant `tenant` is subscribed to (its subscriptions, and any application
 * listing filtered by them): the tenant's own users holding an application read role, and the
 * management tenant's users holding a tenant read role. See docs/security.md, "Who reads a tenant's subscriptions".
 * @throws 403 `security/Forbidden` for anyone else.
 */
export function checkSubscriptionsReader(caller: Principal, tenant: string, managementTenant: string): void {
  const own = caller.tenant === tenant && hasAny(caller, RoleSets.applicationRead);
  const management = caller.tenant === managementTenant && hasAny(caller, RoleSets.tenantRead);
  if (!own && !management) throw forbidden(`Access is denied: you may not read the subscriptions of tenant ${tenant}`);
}
