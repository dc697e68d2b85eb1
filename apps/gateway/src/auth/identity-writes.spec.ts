import { credentialsChangedBy } from './identity-writes';

const p = { tenant: 't1', user: 'alice', roles: [], kind: 'user' as const };

describe('credentialsChangedBy', () => {
  it('names the caller for their own user, and the tenant for user and tenant administration', () => {
    expect(credentialsChangedBy('PUT', '/user/currentUser', p)).toEqual({ tenant: 't1', user: 'alice' });
    expect(credentialsChangedBy('DELETE', '/user/t2/users/bob', p)).toEqual({ tenant: 't2' });
    expect(credentialsChangedBy('POST', '/user/t2/users/bob/roles', p)).toEqual({ tenant: 't2' });
    expect(credentialsChangedBy('DELETE', '/tenant/tenants/t3', p)).toEqual({ tenant: 't3' });
    expect(credentialsChangedBy('DELETE', '/tenant/options/token.publicKey/k1', p)).toEqual({ tenant: 't1' });
    expect(credentialsChangedBy('POST', '/user/currentUser/totpSecret/activity', p)).toEqual({ tenant: 't1', user: 'alice' });
    expect(credentialsChangedBy('PUT', '/tenant/options/two-factor-authentication/enforced', p)).toEqual({ tenant: 't1' });
    expect(credentialsChangedBy('POST', '/tenant/options', p)).toEqual({ tenant: 't1' });
  });

  it('ignores reads and unrelated writes', () => {
    expect(credentialsChangedBy('GET', '/user/currentUser', p)).toBeUndefined();
    expect(credentialsChangedBy('PUT', '/tenant/options/alarm/level', p)).toBeUndefined();
    expect(credentialsChangedBy('POST', '/user/logout', p)).toBeUndefined();
    expect(credentialsChangedBy('POST', '/user/currentUser/other', p)).toBeUndefined();
    expect(credentialsChangedBy('POST', '/tenant/tenants', p)).toBeUndefined();
    expect(credentialsChangedBy('POST', '/tenant/tenants/t3/applications', p)).toBeUndefined();
    expect(credentialsChangedBy('DELETE', '/tenant/tenants/t3/applications/42', p)).toBeUndefined();
  });
});
