import { randomUUID } from 'node:crypto';
import { admin, gw, newTenant, testStack } from '@berth/testing';

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

async function login(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${testStack.gatewayUrl}${path}`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: form(fields),
  });
}

describe('OAI-Secure login: platform tokens', () => {
  it('POST /tenant/oauth sets the authorization cookie first, then XSRF-TOKEN; the cookie authenticates, writes need X-XSRF-TOKEN', async () => {
    const t = await newTenant();
    const res = await login(`/tenant/oauth?tenant_id=${t.id}`, { grant_type: 'PASSWORD', username: 'boss', password: t.admin[1], tfa_code: 'undefined' });
    expect(res.status).toBe(200);
    const cookies = res.headers.getSetCookie();
    expect(cookies[0]).toMatch(/^authorization=[\w-]+\.[\w-]+\.[\w-]+; .*HttpOnly/);
    expect(cookies[1]).toMatch(/^XSRF-TOKEN=[\w-]+;/);
    const jar = cookies.map((c) => c.split(';')[0]).join('; ');
    const xsrf = cookies[1].split(';')[0].split('=')[1];
    expect(await gw('/user/currentUser', { headers: { cookie: jar } })).toMatchObject({ status: 200, body: { userName: 'boss' } });
    expect((await gw('/user/currentUser', { method: 'PUT', headers: { cookie: jar }, body: { firstName: 'B' } })).status).toBe(401);
    expect((await gw('/user/currentUser', { method: 'PUT', headers: { cookie: jar, 'X-XSRF-TOKEN': 'wrong' }, body: { firstName: 'B' } })).status).toBe(401);
    expect((await gw('/user/currentUser', { method: 'PUT', headers: { cookie: jar, 'X-XSRF-TOKEN': xsrf }, body: { firstName: 'B' } })).status).toBe(200);
  });

  it('POST /tenant/oauth/token answers {access_token}, which works as Bearer; tenant/user names and tfa_token are accepted', async () => {
    const t = await newTenant();
    const res = await login('/tenant/oauth/token', { grant_type: 'password', username: `${t.id}/boss`, password: t.admin[1], tfa_token: 'x' });
    expect(res.status).toBe(200);
    const { access_token: token } = (await res.json()) as any;
    expect(typeof token).toBe('string');
    expect(await gw('/user/currentUser', { headers: { authorization: `Bearer ${token}` } })).toMatchObject({ status: 200, body: { userName: 'boss' } });
    expect(await gw('/tenant/currentTenant', { headers: { authorization: `Bearer ${token}` } })).toMatchObject({ status: 200, body: { name: t.id } });
  });

  it('refuses a wrong password with 401 and the error resource, and a bad grant with 422', async () => {
    const t = await newTenant();
    const res = await login(`/tenant/oauth?tenant_id=${t.id}`, { grant_type: 'PASSWORD', username: 'boss', password: 'Wrong-1234' });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'security/Unauthorized' });
    expect((await login('/tenant/oauth/token', { grant_type: 'CLIENT_CREDENTIALS' })).status).toBe(422);
  });

  it('refuses forged, tampered and unknown tokens with 401', async () => {
    const t = await newTenant();
    const { access_token: token } = await (await login(`/tenant/oauth/token?tenant_id=${t.id}`, { grant_type: 'PASSWORD', username: 'boss', password: t.admin[1] })).json() as any;
    const [h, p, s] = token.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, ten: 'management', sub: 'admin' })).toString('base64url')}.${s}`;
    for (const bad of [forged, `${h}.${p}.${s.slice(0, -2)}AA`, 'not-a-token', `${Buffer.from('{"alg":"none","kid":"p1"}').toString('base64url')}.${p}.`]) {
      expect(await gw('/user/currentUser', { headers: { authorization: `Bearer ${bad}` } })).toMatchObject({ status: 401, body: { error: 'security/Unauthorized' } });
    }
  });

  it('POST /user/logout revokes the token at once; a password change ends older tokens', async () => {
    const t = await newTenant();
    const issue = async (password: string) => (await (await login(`/tenant/oauth/token?tenant_id=${t.id}`, { grant_type: 'PASSWORD', username: 'boss', password })).json() as any).access_token;
    const first = await issue(t.admin[1]);
    const second = await issue(t.admin[1]);
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    expect((await gw('/user/currentUser', { headers: bearer(first) })).status).toBe(200);
    expect((await gw('/user/logout', { method: 'POST', headers: bearer(first) })).status).toBe(204);
    expect((await gw('/user/currentUser', { headers: bearer(first) })).status).toBe(401);
    expect((await gw('/user/currentUser', { headers: bearer(second) })).status).toBe(200);
    const next = `Pw-${randomUUID()}`;
    expect((await gw('/user/currentUser', { method: 'PUT', as: t.admin, body: { password: next, currentUserPassword: t.admin[1] } })).status).toBe(200);
    expect((await gw('/user/currentUser', { headers: bearer(second) })).status).toBe(401);
    expect((await gw('/user/currentUser', { headers: bearer(await issue(next)) })).status).toBe(200);
    expect((await gw('/user/currentUser', { as: admin() })).status).toBe(200);
  });

  it('an Authorization header wins over the session cookie: a revoked or another user\'s cookie does not decide who a Basic request is', async () => {
    const t = await newTenant();
    const res = await login(`/tenant/oauth?tenant_id=${t.id}`, { grant_type: 'PASSWORD', username: 'boss', password: t.admin[1] });
    const cookies = res.headers.getSetCookie();
    const jar = cookies.map((c) => c.split(';')[0]).join('; ');
    const xsrf = cookies[1].split(';')[0].split('=')[1];
    const basic = `Basic ${Buffer.from(`${admin()[0]}:${admin()[1]}`).toString('base64')}`;
    expect(await gw('/user/currentUser', { headers: { cookie: jar, authorization: basic } })).toMatchObject({ status: 200, body: { userName: 'admin' } });
    expect((await gw('/user/logout', { method: 'POST', headers: { cookie: jar, 'X-XSRF-TOKEN': xsrf } })).status).toBe(204);
    expect((await gw('/user/currentUser', { headers: { cookie: jar } })).status).toBe(401);
    expect(await gw('/user/currentUser', { headers: { cookie: jar, authorization: basic } })).toMatchObject({ status: 200, body: { userName: 'admin' } });
  });
});
