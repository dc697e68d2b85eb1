import { adminRoles, MANAGEMENT_ONLY_ROLES, mayHoldRole, ROLE_CATALOGUE } from './roles';

/** The catalogue as it was when principal tokens began to carry roles as places in it. */
const FROZEN = [
  'ROLE_Application_READ', 'ROLE_APPLICATION_MANAGEMENT_ADMIN', 'ROLE_APPLICATION_MANAGMENT_ADMIN',
  'ROLE_APPLICATION_MANAGEMENT_READ', 'ROLE_OPTION_MANAGEMENT_ADMIN', 'ROLE_OPTION_MANAGEMENT_READ',
  'ROLE_TENANT_MANAGEMENT_ADMIN', 'ROLE_TENANT_MANAGEMENT_READ', 'ROLE_TENANT_MANAGEMENT_CREATE',
  'ROLE_TENANT_MANAGEMENT_UPDATE', 'ROLE_TENANT_ADMIN', 'ROLE_TENANT_STATISTICS_READ',
  'ROLE_USER_MANAGEMENT_ADMIN', 'ROLE_USER_MANAGEMENT_READ', 'ROLE_USER_MANAGEMENT_CREATE',
  'ROLE_USER_MANAGEMENT_OWN_ADMIN', 'ROLE_USER_MANAGEMENT_OWN_READ', 'ROLE_SMS_ADMIN',
  'ROLE_SMS_READ', 'ROLE_ALARM_ADMIN', 'ROLE_ALARM_READ',
  'ROLE_AUDIT_ADMIN', 'ROLE_AUDIT_READ', 'ROLE_EVENT_ADMIN',
  'ROLE_EVENT_READ', 'ROLE_MEASUREMENT_ADMIN', 'ROLE_MEASUREMENT_READ',
  'ROLE_INVENTORY_ADMIN', 'ROLE_INVENTORY_READ', 'ROLE_INVENTORY_CREATE',
  'ROLE_IDENTITY_ADMIN', 'ROLE_IDENTITY_READ', 'ROLE_DEVICE_CONTROL_ADMIN',
  'ROLE_DEVICE_CONTROL_READ', 'ROLE_CEP_MANAGEMENT_ADMIN', 'ROLE_CEP_MANAGEMENT_READ',
  'ROLE_SMARTRULE_ADMIN', 'ROLE_SMARTRULE_READ', 'ROLE_BULK_OPERATION_ADMIN',
  'ROLE_BULK_OPERATION_READ', 'ROLE_RETENTION_RULE_ADMIN', 'ROLE_RETENTION_RULE_READ',
  'ROLE_MICROSERVICE_HOSTING_ADMIN',
];

describe('the role catalogue', () => {
  it('is append-only: principal tokens name catalogue roles by their place in it, across app versions', () => {
    expect(ROLE_CATALOGUE.slice(0, FROZEN.length)).toEqual(FROZEN);
    expect(new Set(ROLE_CATALOGUE).size).toBe(ROLE_CATALOGUE.length);
  });
});

describe('mayHoldRole', () => {
  it('keeps the management-only roles to the management tenant, for every other role any tenant', () => {
    for (const role of MANAGEMENT_ONLY_ROLES) {
      expect(mayHoldRole(role, false)).toBe(false);
      expect(mayHoldRole(role, true)).toBe(true);
    }
    expect(mayHoldRole('ROLE_TENANT_ADMIN', false)).toBe(true);
    expect(mayHoldRole('ROLE_FROM_A_MANIFEST', false)).toBe(true);
    expect(adminRoles(false)).not.toContain('ROLE_TENANT_MANAGEMENT_ADMIN');
    expect(adminRoles(true)).toContain('ROLE_TENANT_MANAGEMENT_ADMIN');
  });
});
