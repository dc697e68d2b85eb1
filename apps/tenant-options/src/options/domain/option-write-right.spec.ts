import type { Principal } from '@berth/auth';
import { DomainError } from '@berth/http';
import { assertMayWriteTenantOption, mayWriteTenantOption, optionWriteRight } from './option-write-right';

const M = 'management';
const user = (tenant: string, ...roles: string[]): Principal => ({ tenant, user: 'u', roles, kind: 'user' });
const optionAdmin = user('t1', 'ROLE_OPTION_MANAGEMENT_ADMIN');
const tenantAdmin = user('t1', 'ROLE_TENANT_ADMIN', 'ROLE_OPTION_MANAGEMENT_ADMIN');
const managementAdmin = user(M, 'ROLE_TENANT_MANAGEMENT_ADMIN');

describe('option write rights', () => {
  it('sorts the categories: login decisions to the tenant admin, platform limits to the management tenant', () => {
    expect(['token.publicKey', 'two-factor-authentication', 'oauth.internal'].map(optionWriteRight)).toEqual(['tenant-admin', 'tenant-admin', 'tenant-admin']);
    expect(optionWriteRight('rate.limit')).toBe('platform');
    expect(optionWriteRight('messaging')).toBe('option-admin');
  });

  it('lets an option admin write ordinary options of its own tenant only', () => {
    expect(mayWriteTenantOption(optionAdmin, 't1', 'ui', M)).toBe(true);
    expect(mayWriteTenantOption(optionAdmin, 't2', 'ui', M)).toBe(false);
    expect(mayWriteTenantOption(user('t1', 'ROLE_OPTION_MANAGEMENT_READ'), 't1', 'ui', M)).toBe(false);
  });

  it('keeps the login decisions to the tenant\'s admins and the management tenant', () => {
    for (const category of ['token.publicKey', 'two-factor-authentication', 'oauth.internal']) {
      expect(mayWriteTenantOption(optionAdmin, 't1', category, M)).toBe(false);
      expect(mayWriteTenantOption(tenantAdmin, 't1', category, M)).toBe(true);
      expect(mayWriteTenantOption(tenantAdmin, 't2', category, M)).toBe(false);
      expect(mayWriteTenantOption(managementAdmin, 't1', category, M)).toBe(true);
    }
  });

  it('keeps platform limits to the management tenant\'s tenant-management admins', () => {
    expect(mayWriteTenantOption(tenantAdmin, 't1', 'rate.limit', M)).toBe(false);
    expect(mayWriteTenantOption(managementAdmin, 't1', 'rate.limit', M)).toBe(true);
    expect(mayWriteTenantOption(user(M, 'ROLE_OPTION_MANAGEMENT_ADMIN', 'ROLE_TENANT_ADMIN'), 't1', 'rate.limit', M)).toBe(false);
    expect(mayWriteTenantOption(user('t1', 'ROLE_TENANT_MANAGEMENT_ADMIN'), 't1', 'rate.limit', M)).toBe(false);
  });

  it('refuses with 403 security/Forbidden naming who may write', () => {
    expect(() => assertMayWriteTenantOption(optionAdmin, 't1', 'token.publicKey', M)).toThrow(DomainError);
    const refusal = (() => {
      try {
        assertMayWriteTenantOption(tenantAdmin, 't1', 'rate.limit', M);
      } catch (err) {
        return err;
      }
      return undefined;
    })();
    expect(refusal).toMatchObject({ status: 403, code: 'security/Forbidden', message: 'Options of category rate.limit may be changed by the management tenant only' });
    expect(() => assertMayWriteTenantOption(tenantAdmin, 't1', 'token.publicKey', M)).not.toThrow();
  });
});
