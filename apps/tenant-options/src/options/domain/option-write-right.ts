import { forbidden, type Principal, RoleSets } from '@berth/auth';
import { TFA_CATEGORY } from '../../identity/infrastructure/tfa-settings';
import { TOKEN_LIFETIME_CATEGORY } from '../../identity/infrastructure/platform-tokens';
import { PUBLIC_KEY_CATEGORY } from './validators/public-key.validator';

/**
 * Who may change a tenant's option, by its category (see docs/security.md, "Trust anchors"):
 * - `option-admin`: the tenant's option admins;
 * - `tenant-admin`: the tenant's admins (ROLE_TENANT_ADMIN) only, for the categories that decide
 *   who can log in and how: trusted JWT keys, two-factor settings, the platform token's lifetime;
 * - `platform`: none of the tenant's own users, for the limits that protect the platform.
 * The management tenant's tenant-management admins may change any option of any tenant.
 */
export type OptionWriteRight = 'option-admin' | 'tenant-admin' | 'platform';

/** The categories that decide who can log in and how. */
export const AUTHENTICATION_CATEGORIES: readonly string[] = [PUBLIC_KEY_CATEGORY, TFA_CATEGORY, TOKEN_LIFETIME_CATEGORY];
/** The categories of limits the gateway enforces to protect the platform. */
export const PLATFORM_CATEGORIES: readonly string[] = ['rate.limit'];

const TENANT_ADMIN_ROLE = 'ROLE_TENANT_ADMIN';

export function optionWriteRight(category: string): OptionWriteRight {
  if (PLATFORM_CATEGORIES.includes(category)) return 'platform';
  if (AUTHENTICATION_CATEGORIES.includes(category)) return 'tenant-admin';
  return 'option-admin';
}

const holdsAny = (principal: Principal, roles: readonly string[]) => principal.roles.some((r) => roles.includes(r));

/** Whether `principal` may create, change or delete options of `category` of tenant `tenant`. */
export function mayWriteTenantOption(principal: Principal, tenant: string, category: string, managementTenant: string): boolean {
  if (principal.tenant === managementTenant && holdsAny(principal, RoleSets.tenantAdmin)) return true;
  if (principal.tenant !== tenant) return false;
  const right = optionWriteRight(category);
  if (right === 'platform') return false;
  if (right === 'tenant-admin') return principal.roles.includes(TENANT_ADMIN_ROLE);
  return holdsAny(principal, RoleSets.optionAdmin);
}

const WRITERS: Record<OptionWriteRight, string> = {
  platform: 'the management tenant',
  'tenant-admin': 'the tenant\'s admins (ROLE_TENANT_ADMIN) or the management tenant',
  'option-admin': 'the tenant\'s option admins or the management tenant',
};

/**
 * Refuses a write `principal` may not make (see mayWriteTenantOption).
 * @throws DomainError 403 `security/Forbidden` naming who may change the category.
 */
export function assertMayWriteTenantOption(principal: Principal, tenant: string, category: string, managementTenant: string): void {
  if (mayWriteTenantOption(principal, tenant, category, managementTenant)) return;
  throw forbidden(`Options of category ${category} may be changed by ${WRITERS[optionWriteRight(category)]} only`);
}
