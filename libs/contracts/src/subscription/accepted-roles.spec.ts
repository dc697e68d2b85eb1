import { acceptedRolesOf, grantedRoles, pendingRoles } from './accepted-roles';

describe('accepted roles of a subscription', () => {
  it('takes acceptedRoles, else the requiredRoles an older event carried, else none', () => {
    expect(acceptedRolesOf({ acceptedRoles: ['A'], requiredRoles: ['A', 'B'] })).toEqual(['A']);
    expect(acceptedRolesOf({ requiredRoles: ['A', 'B'] })).toEqual(['A', 'B']);
    expect(acceptedRolesOf({ acceptedRoles: 'A' as never })).toEqual([]);
    expect(acceptedRolesOf({})).toEqual([]);
  });

  it('grants only current roles that were accepted: a widening waits, a narrowing applies', () => {
    expect(grantedRoles(['A', 'B', 'ROLE_TENANT_ADMIN'], ['A', 'B'])).toEqual(['A', 'B']);
    expect(grantedRoles(['A'], ['A', 'B'])).toEqual(['A']);
    expect(grantedRoles(['A', 'A'], ['A'])).toEqual(['A']);
    expect(grantedRoles([], ['A'])).toEqual([]);
  });

  it('names the current roles not yet accepted as pending', () => {
    expect(pendingRoles(['A', 'ROLE_TENANT_ADMIN'], ['A', 'B'])).toEqual(['ROLE_TENANT_ADMIN']);
    expect(pendingRoles(['A'], ['A', 'B'])).toEqual([]);
  });
});
