import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { gw, newTenant, testServerPort, testStack } from '@berth/testing';
import { Browser } from './oidc/browser';

const PORT = testServerPort('oidc');
const ISSUER = `http://127.0.0.1:${PORT}`;
const REDIRECT = 'http://127.0.0.1:9/apps/callback';

/** Runs the whole browser side: initRequest, the provider's login form, back to the redirect URI. */
async function authorize(initRequest: string, login = 'alice') {
  const init = await fetch(initRequest, { redirect: 'manual' });
  expect(init.status).toBe(302);
  const stateCookie = init.headers.getSetCookie().find((c) => c.startsWith('oauth_state='))!.split(';')[0];
  const authorizeUrl = new URL(init.headers.get('location')!);
  const browser = new Browser();
  const page = await browser.follow(authorizeUrl.toString(), REDIRECT);
  expect(page.res?.status).toBe(200);
  const back = await browser.follow(`${page.url}/login`, REDIRECT, { method: 'POST', form: { login, password: `${login}-password` } });
  const params = new URL(back.url).searchParams;
  return { authorizeUrl, stateCookie, code: params.get('code')!, state: params.get('state')! };
}

const exchange = (query: string, headers: Record<string, string> = {}) => fetch(`${testStack.gatewayUrl}/tenant/oauth?${query}`, { method: 'POST', headers });

describe('OAuth2 authorization-code login against a real OpenID provider', () => {
  let provider: ChildProcess;
  let t: Awaited<ReturnType<typeof newTenant>>;

  beforeAll(async () => {
    provider = spawn(process.execPath, [join(__dirname, 'oidc', 'provider.mjs'), String(PORT), REDIRECT, 'berth-client', 'berth-client-secret'], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      provider.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
      provider.on('exit', (code) => reject(new Error(`the OpenID provider exited with ${code}`)));
    });
    t = await newTenant();
    const option = {
      type: 'OAUTH2', buttonName: 'Example SSO', issuer: ISSUER, clientId: 'berth-client', clientSecret: 'berth-client-secret',
      scopes: 'openid email profile groups', redirectToPlatform: REDIRECT, userNameClaim: 'preferred_username', rolesClaim: 'groups',
      roleMapping: { admins: ['ROLE_USER_MANAGEMENT_ADMIN'] }, defaultRoles: ['ROLE_Application_READ'],
    };
    expect((await gw('/tenant/loginOptions/sso', { method: 'PUT', as: t.admin, body: option })).status).toBe(201);
  });

  afterAll(() => {
    provider?.kill();
  });

  const initRequest = async () => (await gw(`/tenant/loginOptions?tenantId=${t.id}`)).body.loginOptions.find((o: any) => o.type === 'oauth2').initRequest as string;

  it('initRequest redirects with state and PKCE; the code POSTed back sets both cookies and provisions the user with mapped roles', async () => {
    const flow = await authorize(await initRequest());
    expect(flow.authorizeUrl.origin).toBe(ISSUER);
    expect(Object.fromEntries(flow.authorizeUrl.searchParams)).toMatchObject({
      response_type: 'code', client_id: 'berth-client', redirect_uri: REDIRECT, scope: 'openid email profile groups', code_challenge_method: 'S256',
      state: expect.stringMatching(/^[\w-]{32}$/), code_challenge: expect.stringMatching(/^[\w-]{43}$/),
    });
    expect(flow.state).toBe(flow.authorizeUrl.searchParams.get('state'));

    const res = await exchange(`grant_type=authorization_code&code=${encodeURIComponent(flow.code)}`, { cookie: flow.stateCookie });
    expect(res.status).toBe(200);
    const cookies = res.headers.getSetCookie();
    expect(cookies[0]).toMatch(/^authorization=[\w-]+\.[\w-]+\.[\w-]+; .*HttpOnly/);
    expect(cookies[1]).toMatch(/^XSRF-TOKEN=[\w-]+;/);
    const jar = cookies.map((c) => c.split(';')[0]).join('; ');
    const me = await gw('/user/currentUser', { headers: { cookie: jar } });
    expect(me).toMatchObject({ status: 200, body: { userName: 'alice-sso', email: 'alice@example.com', firstName: 'Alice', lastName: 'Smith' } });
    expect(me.body.effectiveRoles.map((r: any) => r.id).sort()).toEqual(['ROLE_Application_READ', 'ROLE_USER_MANAGEMENT_ADMIN']);
    // The provisioned user has no password: Basic with any password is refused.
    expect((await gw('/user/currentUser', { as: [`${t.id}/alice-sso`, '!oauth2'] })).status).toBe(401);
  });

  it('state may come in the query instead of the cookie; roles follow the provider on every login; /tenant/oauth/token answers the token', async () => {
    const flow = await authorize(await initRequest(), 'bob');
    const res = await fetch(`${testStack.gatewayUrl}/tenant/oauth/token`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: flow.code, state: flow.state }).toString(),
    });
    expect(res.status).toBe(200);
    const { access_token: token } = await res.json() as any;
    const me = await gw('/user/currentUser', { headers: { authorization: `Bearer ${token}` } });
    expect(me).toMatchObject({ status: 200, body: { userName: 'bob-sso' } });
    expect(me.body.effectiveRoles.map((r: any) => r.id)).toEqual(['ROLE_Application_READ']);
  });

  it('refuses a used state, an unknown state, a missing state and a wrong code with 401 and the error resource', async () => {
    const flow = await authorize(await initRequest());
    const ok = await exchange(`grant_type=authorization_code&code=${encodeURIComponent(flow.code)}&state=${flow.state}`);
    expect(ok.status).toBe(200);
    for (const query of [
      `grant_type=authorization_code&code=${encodeURIComponent(flow.code)}&state=${flow.state}`,
      `grant_type=authorization_code&code=${encodeURIComponent(flow.code)}&state=unknown-state`,
      `grant_type=authorization_code&code=${encodeURIComponent(flow.code)}`,
    ]) {
      const res = await exchange(query);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: 'security/Unauthorized' });
    }
    const fresh = await authorize(await initRequest());
    const wrong = await exchange(`grant_type=authorization_code&code=not-the-code&state=${fresh.state}`);
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as any).message).toMatch(/refused the code/);
  });

  it('an unknown tenant or login option in initRequest is 404', async () => {
    expect((await fetch(`${testStack.gatewayUrl}/tenant/oauth?tenant_id=${t.id}&login_option=nope`, { redirect: 'manual' })).status).toBe(404);
    expect((await fetch(`${testStack.gatewayUrl}/tenant/oauth?tenant_id=t00000000`, { redirect: 'manual' })).status).toBe(404);
  });
});
