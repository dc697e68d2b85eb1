import { request } from 'undici';
import { admin, BRAND, gw, newTenant, testStack } from '@berth/testing';

// The issuer is never called here, but the outbound guard checks it when written: a public address (documentation range) that needs no DNS.
const oauth2 = {
  type: 'OAUTH2', buttonName: 'Log in with Example', issuer: 'https://198.51.100.7/realms/acme',
  clientId: 'berth', clientSecret: 'top-secret-value', scopes: ['openid', 'email'],
  userNameClaim: 'email', rolesClaim: 'groups', roleMapping: { admins: ['ROLE_USER_MANAGEMENT_ADMIN'] }, defaultRoles: ['ROLE_Application_READ'],
};

describe('login options', () => {
  it('GET /tenant/loginOptions needs no credentials and names basic, OAUTH2_INTERNAL and each oauth2 option of the tenant', async () => {
    const t = await newTenant();
    expect((await gw('/tenant/loginOptions/sso', { method: 'PUT', as: t.admin, body: oauth2 })).status).toBe(201);
    const res = await gw(`/tenant/loginOptions?tenantId=${t.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain(`${BRAND}.loginOptionCollection+json`);
    expect(res.body.self).toMatch(/\/tenant\/loginOptions$/);
    const types = res.body.loginOptions.map((o: any) => o.type);
    expect(types).toEqual(['basic', 'OAUTH2_INTERNAL', 'oauth2']);
    const sso = res.body.loginOptions[2];
    expect(sso).toMatchObject({ id: 'sso', buttonName: 'Log in with Example', grantType: 'AUTHORIZATION_CODE', self: expect.stringMatching(/\/tenant\/loginOptions\/sso$/) });
    expect(sso.initRequest).toMatch(new RegExp(`/tenant/oauth\\?tenant_id=${t.id}&login_option=sso$`));
    expect(JSON.stringify(res.body)).not.toContain('top-secret-value');
    expect(JSON.stringify(res.body)).not.toContain('clientSecret');
  });

  it('POST with the loginOptionCollection media type answers the same collection; the tenant comes from the Host label, ?management=true or the default', async () => {
    const t = await newTenant();
    await gw('/tenant/loginOptions/sso', { method: 'PUT', as: t.admin, body: oauth2 });
    const media = `${BRAND}.loginOptionCollection+json`;
    // fetch cannot set Host; undici's request can.
    const byHost = await request(`${testStack.gatewayUrl}/tenant/loginOptions`, { method: 'POST', headers: { 'content-type': media, accept: media, host: t.domain } });
    expect(byHost.statusCode).toBe(200);
    const body = await byHost.body.json() as any;
    expect(body.loginOptions.map((o: any) => [o.id, o.tenantId])).toEqual([['basic', t.id], ['oauth-internal', t.id], ['sso', t.id]]);
    const management = await request(`${testStack.gatewayUrl}/tenant/loginOptions?management=true`, { headers: { host: t.domain } });
    expect(((await management.body.json()) as any).loginOptions.map((o: any) => o.tenantId)).toEqual(['management', 'management']);
    expect((await gw('/tenant/loginOptions')).body.loginOptions[0].tenantId).toBe('management');
    expect(await gw('/tenant/loginOptions?tenantId=t00000000')).toMatchObject({ status: 404, body: { error: 'tenants/Not Found' } });
  });

  it('the tenant admin reads, replaces and deletes an option; the secret is sealed and never answered', async () => {
    const t = await newTenant();
    const created = await gw('/tenant/loginOptions/sso', { method: 'PUT', as: t.admin, body: oauth2 });
    expect(created).toMatchObject({ status: 201, body: { id: 'sso', clientId: 'berth', clientSecretSet: true, scopes: ['openid', 'email'], pkce: true } });
    expect(created.headers.get('location')).toMatch(/\/tenant\/loginOptions\/sso$/);
    expect(created.body.clientSecret).toBeUndefined();
    const replaced = await gw('/tenant/loginOptions/sso', { method: 'PUT', as: t.admin, body: { ...oauth2, clientSecret: undefined, buttonName: 'Other' } });
    expect(replaced).toMatchObject({ status: 200, body: { buttonName: 'Other', clientSecretSet: true } });
    expect(await gw('/tenant/loginOptions/sso', { as: t.admin })).toMatchObject({ status: 200, body: { buttonName: 'Other' } });
    expect((await gw('/tenant/loginOptions/sso', { method: 'DELETE', as: t.admin })).status).toBe(204);
    expect(await gw('/tenant/loginOptions/sso', { as: t.admin })).toMatchObject({ status: 404, body: { error: 'loginOptions/Not Found' } });
    expect((await gw(`/tenant/loginOptions?tenantId=${t.id}`)).body.loginOptions).toHaveLength(2);
  });

  it('refuses anonymous (401), non-admin (403) and invalid (422) writes; another tenant\'s options stay apart', async () => {
    const t = await newTenant();
    const other = await newTenant();
    expect(await gw('/tenant/loginOptions/sso', { method: 'PUT', body: oauth2 })).toMatchObject({ status: 401, body: { error: 'security/Unauthorized' } });
    await gw(`/user/${t.id}/users`, { method: 'POST', as: t.admin, body: { userName: 'plain', password: 'Plain-pass-1' } });
    expect(await gw('/tenant/loginOptions/sso', { method: 'PUT', as: [`${t.id}/plain`, 'Plain-pass-1'], body: oauth2 })).toMatchObject({ status: 403, body: { error: 'security/Forbidden' } });
    for (const bad of [{ ...oauth2, issuer: undefined }, { ...oauth2, clientId: '' }, { ...oauth2, issuer: 'ftp://x' }, { ...oauth2, defaultRoles: ['ROLE_TENANT_MANAGEMENT_ADMIN'] }, { ...oauth2, type: 'BASIC' }]) {
      expect(await gw('/tenant/loginOptions/sso', { method: 'PUT', as: t.admin, body: bad })).toMatchObject({ status: 422, body: { error: 'loginOptions/Invalid Data' } });
    }
    expect((await gw('/tenant/loginOptions/basic', { method: 'PUT', as: t.admin, body: oauth2 })).status).toBe(422);
    await gw('/tenant/loginOptions/sso', { method: 'PUT', as: t.admin, body: oauth2 });
    expect((await gw('/tenant/loginOptions/sso', { as: other.admin })).status).toBe(404);
    expect((await gw(`/tenant/loginOptions?tenantId=${other.id}`)).body.loginOptions).toHaveLength(2);
    expect((await gw('/tenant/loginOptions/sso', { as: admin() })).status).toBe(404);
  });
});
