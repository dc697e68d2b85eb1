import { holdsAny, PAGE_ROLES } from './permissions';

describe('page roles', () => {
  it('opens a page to a holder of any of its roles', () => {
    expect(holdsAny(new Set(['ROLE_USER_MANAGEMENT_READ']), PAGE_ROLES.userRead)).toBe(true);
    expect(holdsAny(new Set(['ROLE_USER_MANAGEMENT_READ']), PAGE_ROLES.tenantRead)).toBe(false);
    expect(holdsAny(new Set(), PAGE_ROLES.loginSettings)).toBe(false);
  });
});
