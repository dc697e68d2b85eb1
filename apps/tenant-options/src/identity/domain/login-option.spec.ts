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
    [{ ...base, type: ['oauth2'] }, 'type must be OAUTH2'],
    [{ ...base, issuer: 'http://idp.1' }, 'issuer must be'],
    [{ ...base, issuer: 'http://idp:65536' }, 'issuer must be'],
    [{ ...base, issuer: 'http://[::1' }, 'issuer must be'],
    [{ ...base, scopes: 'email prof\u00efle' }, 'scopes'],
    [{ ...base, clientId: '\u{1F600}'.repeat(1001) }, 'clientId'],
  ])('refuses %p with 422', (body, why) => {
    expect(() => parseLoginOption(body, false, 'https://b/')).toThrow(expect.objectContaining({ status: 422, message: expect.stringContaining(why) }));
  });

  it('takes what the OpenAPI schema allows: any case of OAUTH2, URLs with ports, paths, queries, IPv4 hosts, and text counted in characters', () => {
    for (const issuer of ['http://127.0.0.1:4444/x?y#z', 'https://login.example-idp.com/tenant/v2.0', 'http://localhost?x']) {
      expect(parseLoginOption({ ...base, issuer, type: 'OAuth2' }, false, 'https://b/').issuer).toBe(issuer);
    }
    expect(parseLoginOption({ ...base, clientId: '\u{1F600}'.repeat(1000) }, false, 'https://b/').clientId).toHaveLength(2000);
  });

  it('maps the roles claim (a list or a space/comma separated string) onto platform roles, plus the defaults', () => {
    const option = { defaultRoles: ['ROLE_Application_READ'], rolesClaim: 'groups', roleMapping: { admins: ['ROLE_USER_MANAGEMENT_ADMIN'], ops: ['ROLE_ALARM_ADMIN'] } };
    expect(mappedRoles(option, { groups: ['admins', 'other'] })).toEqual(['ROLE_Application_READ', 'ROLE_USER_MANAGEMENT_ADMIN']);
    expect(mappedRoles(option, { groups: 'ops,admins' })).toEqual(['ROLE_Application_READ', 'ROLE_ALARM_ADMIN', 'ROLE_USER_MANAGEMENT_ADMIN']);
    expect(mappedRoles(option, {})).toEqual(['ROLE_Application_READ']);
  });
});
