/**
 * The role catalogue: every role the REST interface names (docs/api/tenants-users-auth.md), in each spelling the interface
 * uses (`MANAGEMENT` and the real platform's `MANAGMENT`), plus the roles of the real
 * platform's other interfaces that clients assign. Apps check roles through the sets below,
 * which hold every spelling that grants the right.
 */
/** Append new roles at the end; never reorder nor remove one: principal tokens name roles by their place here (roles.spec.ts). */
export const ROLE_CATALOGUE = [
  'ROLE_Application_READ',
  'ROLE_APPLICATION_MANAGEMENT_ADMIN', 'ROLE_APPLICATION_MANAGMENT_ADMIN', 'ROLE_APPLICATION_MANAGEMENT_READ',
  'ROLE_OPTION_MANAGEMENT_ADMIN', 'ROLE_OPTION_MANAGEMENT_READ',
  'ROLE_TENANT_MANAGEMENT_ADMIN', 'ROLE_TENANT_MANAGEMENT_READ', 'ROLE_TENANT_MANAGEMENT_CREATE', 'ROLE_TENANT_MANAGEMENT_UPDATE',
  'ROLE_TENANT_ADMIN', 'ROLE_TENANT_STATISTICS_READ',
  'ROLE_USER_MANAGEMENT_ADMIN', 'ROLE_USER_MANAGEMENT_READ', 'ROLE_USER_MANAGEMENT_CREATE',
  'ROLE_USER_MANAGEMENT_OWN_ADMIN', 'ROLE_USER_MANAGEMENT_OWN_READ',
  'ROLE_SMS_ADMIN', 'ROLE_SMS_READ',
  'ROLE_ALARM_ADMIN', 'ROLE_ALARM_READ', 'ROLE_AUDIT_ADMIN', 'ROLE_AUDIT_READ',
  'ROLE_EVENT_ADMIN', 'ROLE_EVENT_READ', 'ROLE_MEASUREMENT_ADMIN', 'ROLE_MEASUREMENT_READ',
  'ROLE_INVENTORY_ADMIN', 'ROLE_INVENTORY_READ', 'ROLE_INVENTORY_CREATE',
  'ROLE_IDENTITY_ADMIN', 'ROLE_IDENTITY_READ', 'ROLE_DEVICE_CONTROL_ADMIN', 'ROLE_DEVICE_CONTROL_READ',
  'ROLE_CEP_MANAGEMENT_ADMIN', 'ROLE_CEP_MANAGEMENT_READ', 'ROLE_SMARTRULE_ADMIN', 'ROLE_SMARTRULE_READ',
  'ROLE_BULK_OPERATION_ADMIN', 'ROLE_BULK_OPERATION_READ', 'ROLE_RETENTION_RULE_ADMIN', 'ROLE_RETENTION_RULE_READ',
  'ROLE_MICROSERVICE_HOSTING_ADMIN',
] as const;
export type CatalogueRole = (typeof ROLE_CATALOGUE)[number];

/** Roles only the management tenant's users may hold: they act on other tenants. */
export const MANAGEMENT_ONLY_ROLES: readonly CatalogueRole[] = [
  'ROLE_TENANT_MANAGEMENT_ADMIN', 'ROLE_TENANT_MANAGEMENT_READ', 'ROLE_TENANT_MANAGEMENT_CREATE', 'ROLE_TENANT_MANAGEMENT_UPDATE',
];

/** Whether a user (directly or through a group) may hold `role`: a management-only role only in the management tenant. */
export function mayHoldRole(role: string, isManagementTenant: boolean): boolean {
  return isManagementTenant || !(MANAGEMENT_ONLY_ROLES as readonly string[]).includes(role);
}

/** Every role a tenant's admin holds: the whole catalogue, less the management-only roles outside the management tenant. */
export function adminRoles(isManagementTenant: boolean): string[] {
  return ROLE_CATALOGUE.filter((r) => mayHoldRole(r, isManagementTenant));
}

/** The sets routes check with `@Roles(...set)`: any one role of a set grants the right. */
export const RoleSets = {
  applicationApiRead: ['ROLE_Application_READ', 'ROLE_APPLICATION_MANAGEMENT_READ', 'ROLE_APPLICATION_MANAGEMENT_ADMIN', 'ROLE_APPLICATION_MANAGMENT_ADMIN'],
  applicationRead: ['ROLE_APPLICATION_MANAGEMENT_READ', 'ROLE_APPLICATION_MANAGEMENT_ADMIN', 'ROLE_APPLICATION_MANAGMENT_ADMIN'],
  applicationAdmin: ['ROLE_APPLICATION_MANAGEMENT_ADMIN', 'ROLE_APPLICATION_MANAGMENT_ADMIN'],
  optionRead: ['ROLE_OPTION_MANAGEMENT_READ', 'ROLE_OPTION_MANAGEMENT_ADMIN'],
  optionAdmin: ['ROLE_OPTION_MANAGEMENT_ADMIN'],
  tenantRead: ['ROLE_TENANT_MANAGEMENT_READ', 'ROLE_TENANT_MANAGEMENT_ADMIN'],
  tenantAdmin: ['ROLE_TENANT_MANAGEMENT_ADMIN'],
  userRead: ['ROLE_USER_MANAGEMENT_READ', 'ROLE_USER_MANAGEMENT_ADMIN'],
  userAdmin: ['ROLE_USER_MANAGEMENT_ADMIN'],
  smsRead: ['ROLE_SMS_READ', 'ROLE_SMS_ADMIN'],
  smsAdmin: ['ROLE_SMS_ADMIN'],
} as const satisfies Record<string, readonly CatalogueRole[]>;
