import { propertiesOf, propertyChanges, rowsOf, tenantUpdate, fieldsOf } from './tenant-form';

describe('the tenant form', () => {
  it('shows custom properties as typed rows and reads them back', () => {
    const rows = rowsOf({ plan: 'gold', seats: 5, trial: false });
    expect(rows).toEqual([
      { key: 'plan', value: 'gold', type: 'string' }, { key: 'seats', value: '5', type: 'number' }, { key: 'trial', value: 'false', type: 'boolean' },
    ]);
    expect(propertiesOf(rows)).toEqual({ ok: true, value: { plan: 'gold', seats: 5, trial: false } });
  });

  it('refuses names, duplicates and values the platform would refuse; skips blank rows', () => {
    expect(propertiesOf([{ key: 'a b', value: 'x', type: 'string' }])).toMatchObject({ ok: false, error: expect.stringContaining('"a b"') });
    expect(propertiesOf([{ key: 'a', value: '1', type: 'string' }, { key: 'a', value: '2', type: 'string' }])).toMatchObject({ ok: false, error: 'Property "a" is there twice' });
    expect(propertiesOf([{ key: 'n', value: 'ten', type: 'number' }])).toMatchObject({ ok: false });
    expect(propertiesOf([{ key: 'n', value: '', type: 'number' }])).toMatchObject({ ok: false });
    expect(propertiesOf([{ key: 'b', value: 'yes', type: 'boolean' }])).toMatchObject({ ok: false });
    expect(propertiesOf([{ key: '', value: ' ', type: 'string' }])).toEqual({ ok: true, value: {} });
  });

  it('sends changed and new properties, and null for removed ones', () => {
    expect(propertyChanges({ plan: 'gold', seats: 5, old: 'x' }, { plan: 'gold', seats: 6, added: true })).toEqual({ seats: 6, added: true, old: null });
    expect(propertyChanges(undefined, {})).toEqual({});
  });

  it('sends only the fields that changed; an emptied contact field is removed, an emptied domain refused', () => {
    const before = { company: 'Acme', domain: 'acme.example.com', contactName: 'Jo', status: 'ACTIVE', customProperties: { plan: 'gold' } };
    const fields = { ...fieldsOf(before), contactName: '', contactPhone: ' 123 ', status: 'SUSPENDED' as const };
    expect(tenantUpdate(before, fields, rowsOf(before.customProperties))).toEqual({ ok: true, value: { contactName: null, contactPhone: '123', status: 'SUSPENDED' } });
    expect(tenantUpdate(before, fieldsOf(before), [])).toEqual({ ok: true, value: { customProperties: { plan: null } } });
    expect(tenantUpdate(before, { ...fieldsOf(before), domain: ' ' }, [])).toMatchObject({ ok: false, error: 'domain cannot be empty' });
    expect(tenantUpdate(before, fieldsOf(before), rowsOf(before.customProperties))).toEqual({ ok: true, value: {} });
  });
});
