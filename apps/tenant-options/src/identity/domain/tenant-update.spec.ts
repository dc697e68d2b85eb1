import type { TenantRecord } from '../infrastructure/identity-records';
import { newTenantRecord } from './new-records';
import { MAX_CUSTOM_PROPERTIES, tenantChanges } from './tenant-update';

const record: TenantRecord = {
  ...newTenantRecord({ _id: 't10000001', parent: 'management', domain: 'acme.example.com', company: 'Acme', adminName: 'boss', contactName: 'Jane' }, new Date('2026-01-01T00:00:00Z')),
  customProperties: { plan: 'gold', seats: 5 },
};
const answered = { id: 't10000001', parent: 'management', adminName: 'boss', creationTime: '2026-01-01T00:00:00.000Z', allowCreateTenants: false };
const changes = (body: Record<string, unknown>) => tenantChanges(record, body, answered);
const refusal = (body: Record<string, unknown>) => {
  try {
    changes(body);
  } catch (err) {
    return (err as Error).message;
  }
  return 'accepted';
};

describe('tenantChanges: what a tenant\'s PUT changes', () => {
  it('sets the writable fields given and leaves the absent ones', () => {
    expect(changes({ contactName: 'John Smith', contactPhone: '+49 30 1234', company: 'Acme Ltd', adminEmail: 'ops@acme.example.com' })).toEqual({
      set: { contactName: 'John Smith', contactPhone: '+49 30 1234', company: 'Acme Ltd', adminEmail: 'ops@acme.example.com' }, unset: [],
    });
  });

  it('stores a new domain in lower case with its first label, and skips an unchanged domain or status', () => {
    expect(changes({ domain: 'New-Acme.Example.com' }).set).toEqual({ domain: 'new-acme.example.com', domainLabel: 'new-acme' });
    expect(changes({ domain: 'ACME.example.com', status: 'ACTIVE' }).set).toEqual({});
    expect(changes({ status: 'SUSPENDED' }).set).toEqual({ status: 'SUSPENDED' });
  });

  it('removes an optional text field given as null; company cannot be removed', () => {
    expect(changes({ contactName: null, adminEmail: null })).toEqual({ set: {}, unset: ['adminEmail', 'contactName'] });
    expect(refusal({ company: null })).toMatch(/^company is required/);
  });

  it('merges custom properties key by key; null removes a key', () => {
    expect(changes({ customProperties: { seats: 10, trial: false, plan: null, region: 'eu-1' } }).set.customProperties).toEqual({ seats: 10, trial: false, region: 'eu-1' });
  });

  it('takes read-only fields back as answered, ignores self, and refuses them changed', () => {
    expect(changes({ ...answered, self: 'http://elsewhere/tenant/tenants/x', contactName: 'X' }).set).toEqual({ contactName: 'X' });
    for (const [field, value] of [['id', 't2'], ['parent', 't3'], ['adminName', 'other'], ['creationTime', '2020-01-01T00:00:00.000Z'], ['allowCreateTenants', true]] as const) {
      expect(refusal({ [field]: value })).toBe(`${field} is read-only`);
    }
  });

  it('refuses what breaks a rule, naming the field', () => {
    expect(refusal({ domain: 'not a domain' })).toMatch(/^domain must be a DNS name/);
    expect(refusal({ status: 'DELETED' })).toBe('status must be one of ACTIVE, SUSPENDED');
    expect(refusal({ contactName: ' ' })).toMatch(/^contactName is required/);
    expect(refusal({ contactPhone: 42 })).toMatch(/^contactPhone is required/);
    expect(refusal({ adminPass: 'Secret-123456' })).toMatch(/^adminPass cannot change here/);
    expect(refusal({ customProperties: [] })).toBe('customProperties must be an object');
    expect(refusal({ customProperties: { _hidden: 'x' } })).toMatch(/is not a property name/);
    expect(refusal({ customProperties: { 'a.b': 'x' } })).toMatch(/is not a property name/);
    expect(refusal({ customProperties: { nested: { a: 1 } } })).toMatch(/^customProperties\.nested must be/);
    expect(refusal({ customProperties: { big: 'x'.repeat(1001) } })).toMatch(/^customProperties\.big must be/);
    const many = Object.fromEntries(Array.from({ length: MAX_CUSTOM_PROPERTIES }, (_, i) => [`p${i}`, i]));
    expect(refusal({ customProperties: many })).toBe(`customProperties holds at most ${MAX_CUSTOM_PROPERTIES} properties`);
  });
});
