import { mappedRoles } from '../application/commands/oauth-code-login/oauth-code-login.handler';
import { parseLoginOption } from './login-option';

const base = { issuer: 'https://idp.example.com', clientId: 'c1' };

describe('OAuth2 login options', () => {
  it('fills defaults and adds the openid scope', () => {
    expect(parseLoginOption({ ...base, scopes: 'email profile' }, false, 'https://berth.example.com/')).toMatchObject({
      type: 'OAUTH2', scopes: ['openid', 'email', 'profile'], userNameClaim: 'preferred_username', pkce: true,
      redirectToPlatform: 'https://berth.example.com/', defaultRoles: [], roleMapping: {}, visibleOnLoginPage: true,
    });
  });

  it.each([
    [{ clientId: 'c1' }, 'issuer, or all of'],
    [{ ...base, authorizationEndpoint: 'javascript:alert(1)' }, 'authorizationEndpoint must be'],
    [{ ...base, clientId: 7 }, 'clientId'],
    [{ ...base, defaultRoles: ['ROLE_TENANT_MANAGEMENT_ADMIN'] }, 'cannot be granted'],
    [{ ...base, roleMapping: { admins: 'ROLE_USER_MANAGEMENT_ADMIN' } }, 'roleMapping.admins'],
    [{ ...base, pkce: 'yes' }, 'pkce'],
  ])('refuses %p with 422', (body, why) => {
    expect(() => parseLoginOption(body, false, 'https://b/')).toThrow(expect.objectContaining({ status: 422, message: expect.stringContaining(why) }));
  });

  it('maps the roles claim (a list or a space/comma separated string) onto platform roles, plus the defaults', () => {
    const option = { defaultRoles: ['ROLE_Application_READ'], rolesClaim: 'groups', roleMapping: { admins: ['ROLE_USER_MANAGEMENT_ADMIN'], ops: ['ROLE_ALARM_ADMIN'] } };
    expect(mappedRoles(option, { groups: ['admins', 'other'] })).toEqual(['ROLE_Application_READ', 'ROLE_USER_MANAGEMENT_ADMIN']);
    expect(mappedRoles(option, { groups: 'ops,admins' })).toEqual(['ROLE_Application_READ', 'ROLE_ALARM_ADMIN', 'ROLE_USER_MANAGEMENT_ADMIN']);
    expect(mappedRoles(option, {})).toEqual(['ROLE_Application_READ']);
  });
});
