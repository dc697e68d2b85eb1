import { checkReservedNames, isReservedName, reservedNameClaimed } from './reserved-names';
import { KNOWN_APPLICATIONS, knownApplicationDocument } from './known-applications';

const M = 'management';
const app = (fields: Record<string, unknown>) => ({ _id: '12345678901234567', owner: 't1', name: 'mine', key: 'mine-key', ...fields });

describe('reserved names', () => {
  it('reserves the platform\'s option categories, built-in services and known applications, without case', () => {
    for (const name of ['messaging', 'sms', 'access.control', 'token.publicKey', 'rate.limit', 'microservice.runtime', 'two-factor-authentication', 'Messaging', 'cockpit', 'cep', 'cockpit-application-key', 'tenant-options']) {
      expect(isReservedName(name)).toBe(true);
    }
    for (const name of ['mine', 'messaging2', 'mycockpit', 'clonecockpit']) expect(isReservedName(name)).toBe(false);
  });

  it('refuses a tenant\'s application claiming one as name, key, context path or manifest settings category', () => {
    expect(reservedNameClaimed(app({ name: 'messaging' }), M)).toEqual({ field: 'name', value: 'messaging' });
    expect(reservedNameClaimed(app({ key: 'cep-application-key' }), M)).toEqual({ field: 'key', value: 'cep-application-key' });
    expect(reservedNameClaimed(app({ contextPath: 'Messaging' }), M)).toEqual({ field: 'contextPath', value: 'Messaging' });
    expect(reservedNameClaimed(app({ manifest: { settingsCategory: 'access.control' } }), M)).toEqual({ field: 'manifest.settingsCategory', value: 'access.control' });
    expect(reservedNameClaimed(app({ manifest: { contextPath: 'sms' } }), M)).toEqual({ field: 'manifest.contextPath', value: 'sms' });
    expect(reservedNameClaimed(app({ contextPath: 'mine', manifest: { settingsCategory: 'mine' } }), M)).toBeUndefined();
    expect(() => checkReservedNames(app({ name: 'messaging' }), M)).toThrow(expect.objectContaining({ status: 422, message: expect.stringMatching(/^name "messaging" is reserved/) }));
  });

  it('lets a known application as seeded hold its own names, and nothing else reserved', () => {
    for (const known of KNOWN_APPLICATIONS) expect(reservedNameClaimed(knownApplicationDocument(known, M), M)).toBeUndefined();
    const cockpit = knownApplicationDocument(KNOWN_APPLICATIONS.find((k) => k.name === 'cockpit')!, M);
    expect(reservedNameClaimed({ ...cockpit, description: 'changed' }, M)).toBeUndefined();
    expect(reservedNameClaimed({ ...cockpit, contextPath: 'messaging' }, M)).toEqual({ field: 'contextPath', value: 'messaging' });
    expect(reservedNameClaimed({ ...cockpit, name: 'cep' }, M)).toEqual({ field: 'name', value: 'cep' });
    expect(reservedNameClaimed({ ...cockpit, owner: 't1' }, M)).toEqual({ field: 'name', value: 'cockpit' });
    expect(reservedNameClaimed({ ...cockpit, _id: '99' }, M)).toEqual({ field: 'name', value: 'cockpit' });
  });
});
