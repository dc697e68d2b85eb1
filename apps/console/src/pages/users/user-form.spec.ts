import { newUserBody, referencedIds, userFieldsOf, userUpdate } from './user-form';

describe('the user forms', () => {
  it('creates a user without its empty profile fields', () => {
    const fields = { ...userFieldsOf({}), email: ' jane@example.com ', password: 'Secret-123', enabled: false };
    expect(newUserBody(' jane ', fields)).toEqual({ userName: 'jane', password: 'Secret-123', enabled: false, email: 'jane@example.com' });
  });

  it('updates only what changed; an emptied field is removed; the password only when typed', () => {
    const before = { email: 'jane@example.com', firstName: 'Jane', enabled: true };
    expect(userUpdate(before, userFieldsOf(before))).toEqual({});
    expect(userUpdate(before, { ...userFieldsOf(before), firstName: '', lastName: 'Doe', enabled: false, password: 'N3w-password' }))
      .toEqual({ firstName: null, lastName: 'Doe', enabled: false, password: 'N3w-password' });
  });

  it('reads the ids of role and group references', () => {
    expect(referencedIds([{ role: { id: 'ROLE_A' } }, { role: {} }], 'role')).toEqual(['ROLE_A']);
    expect(referencedIds([{ group: { id: 7 } }], 'group')).toEqual(['7']);
    expect(referencedIds(undefined, 'group')).toEqual([]);
  });
});
