/**
 * The roles that open the console's pages, as the platform checks them (docs/security.md#who-may-change-what,
 * docs/api/tenants-users-auth.md): a page someone may not use is not shown to them.
 */
export const PAGE_ROLES = {
  /** Only the management tenant's users hold tenant-management roles. */
  tenantRead: ['ROLE_TENANT_MANAGEMENT_READ', 'ROLE_TENANT_MANAGEMENT_ADMIN'],
  userRead: ['ROLE_USER_MANAGEMENT_READ', 'ROLE_USER_MANAGEMENT_ADMIN'],
  /** Applications and the tenant's own subscriptions (the platform also takes the `…MANAGMENT_ADMIN` spelling). */
  applicationRead: ['ROLE_APPLICATION_MANAGEMENT_READ', 'ROLE_APPLICATION_MANAGEMENT_ADMIN', 'ROLE_APPLICATION_MANAGMENT_ADMIN'],
  /** Login options and the two-factor settings: the tenant's admins, and who reads its options. */
  loginSettings: ['ROLE_TENANT_ADMIN', 'ROLE_OPTION_MANAGEMENT_READ', 'ROLE_OPTION_MANAGEMENT_ADMIN'],
  optionRead: ['ROLE_OPTION_MANAGEMENT_READ', 'ROLE_OPTION_MANAGEMENT_ADMIN'],
  /** The SMS page: sending and delivery need an SMS role; the provider settings are also readable with an option role (docs/api/sms.md). */
  sms: ['ROLE_SMS_READ', 'ROLE_SMS_ADMIN', 'ROLE_OPTION_MANAGEMENT_READ', 'ROLE_OPTION_MANAGEMENT_ADMIN'],
  /** The application usage statistics: the management tenant's users with one of these (docs/api/tenants-users-auth.md). */
  usageRead: ['ROLE_TENANT_STATISTICS_READ', 'ROLE_TENANT_MANAGEMENT_READ', 'ROLE_TENANT_MANAGEMENT_ADMIN'],
} as const;

export function holdsAny(roles: ReadonlySet<string>, wanted: readonly string[]): boolean {
  return wanted.some((role) => roles.has(role));
}
