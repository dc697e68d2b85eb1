import { isSettingsReaderOf, type Principal } from '@berth/auth';
import { isPlatformReservedName } from '@berth/contracts';

export const SECRET_PREFIX = 'credentials.';
const SYSTEM_READER_ROLE = 'ROLE_OPTION_MANAGEMENT_ADMIN';

/** Whether an option is a secret: its key starts with `credentials.`; it is stored encrypted. */
export function isSecretKey(key: string): boolean {
  return key.startsWith(SECRET_PREFIX);
}

/**
 * Who may read a secret option's value decrypted (docs/security.md, "Secrets and who reads them"): a system user
 * (a user of the management tenant holding ROLE_OPTION_MANAGEMENT_ADMIN), and the microservice
 * whose name is the option's category, as its service user `service_<app>` or its bootstrap
 * user `servicebootstrap_<app>`, or through the registry when the category is its settings category
 * (`settingsReader`). A category the platform reserves (`isPlatformReservedName`, such as
 * `messaging`) belongs to no tenant's microservice: no service or bootstrap user reads its secrets,
 * whatever its name (docs/security.md, "Reserved names"). Everyone else, the tenant's own admins
 * included, sees no value.
 */
export function canReadSecret(principal: Principal, category: string, managementTenant: string): boolean {
  if (principal.kind === 'user') return principal.tenant === managementTenant && principal.roles.includes(SYSTEM_READER_ROLE);
  if (principal.kind === 'service') return principal.user === `service_${category}` && !isPlatformReservedName(category);
  if (principal.kind === 'bootstrap') return principal.user === `servicebootstrap_${category}` && !isPlatformReservedName(category);
  if (principal.kind === 'internal') return isSettingsReaderOf(principal, category);
  return false;
}
