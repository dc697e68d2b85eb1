import { generateKeyPairSync, KeyObject, randomUUID } from 'node:crypto';
import { signJwt } from '@berth/auth';
import { admin, BRAND, eventually, freshTotpCode, gw, newTenant, newUser, testStack } from '@berth/testing';

const now = () => Math.floor(Date.now() / 1000);
const YEAR = 365 * 86400;
const ERROR_RESOURCE = { error: expect.any(String), message: expect.any(String), info: expect.stringMatching(/^http/) };

const claims = (tenant: string, extra: object = {}) => ({ iss: 'cumulocity', aud: tenant, sub: 'boss', iat: now() - 5, exp: now() + 300, ...extra });
const asBearer = (token: string) => gw('/user/currentUser', { headers: { authorization: `Bearer ${token}` } });

function keyPair() {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
  return { pem: publicKey.export({ type: 'spki', format: 'pem' }) as string, privateKey };
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const login = (path: string, fields: Record<string, string>) =>
  fetch(`${testStack.gatewayUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form(fields) });
const jsonLogin = async (body: unknown) => {
  const res = await fetch(`${testStack.gatewayUrl}/tenant/oauth`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, contentType: res.headers.get('content-type'), body: await res.json().catch(() => undefined) };
};


/** JSON text nesting `levels` objects: `{"a":{"a":…"x"…}}`. */
const deepJson = (levels: number, inner = '"x"') => `${'{"a":'.repeat(levels)}${inner}${'}'.repeat(levels)}`;

async function putRaw(path: string, as: [string, string], text: string) {
  const res = await fetch(`${testStack.gatewayUrl}${path}`, {
    method: 'PUT', headers: { authorization: `Basic ${Buffer.from(`${as[0]}:${as[1]}`).toString('base64')}`, 'content-type': 'application/json', accept: 'application/json' }, body: text,
  });
  return { status: res.status, contentType: res.headers.get('content-type'), body: await res.json().catch(() => undefined) };
}

describe('who may change what decides logins, and what an external token may claim', () => {
  it('an option admin cannot plant a JWT key, change TFA or token settings; the tenant admin and the management tenant can', async () => {
    const t = await newTenant();
    const optionAdmin = await newUser(t, ['ROLE_OPTION_MANAGEMENT_ADMIN']);
    const attacker = keyPair();
    const planted = [
      await gw('/tenant/options', { method: 'POST', as: optionAdmin, body: { category: 'token.publicKey', key: 'evil', value: attacker.pem } }),
      await gw('/tenant/options/token.publicKey/evil', { method: 'PUT', as: optionAdmin, body: { value: attacker.pem } }),
      await gw('/tenant/options/token.publicKey', { method: 'PUT', as: optionAdmin, body: { evil: attacker.pem } }),
      await gw('/tenant/options/two-factor-authentication/enforced', { method: 'PUT', as: optionAdmin, body: { value: 'false' } }),
      await gw('/tenant/options/oauth.internal/basic-token.lifespan.seconds', { method: 'PUT', as: optionAdmin, body: { value: '2592000' } }),
    ];
    for (const res of planted) expect(res).toMatchObject({ status: 403, body: { ...ERROR_RESOURCE, error: 'security/Forbidden' } });
    // The attack itself: a token for the tenant admin signed with the key the option admin tried to plant.
    expect(await asBearer(signJwt(claims(t.id), 'RS256', attacker.privateKey, 'evil'))).toMatchObject({ status: 401, body: { error: 'security/Unauthorized' } });
    // Other options stay the option admin's.
    expect((await gw('/tenant/options', { method: 'POST', as: optionAdmin, body: { category: 'ui.settings', key: 'theme', value: 'dark' } })).status).toBe(201);

    const owner = keyPair();
    expect((await gw('/tenant/options', { method: 'POST', as: t.admin, body: { category: 'token.publicKey', key: 'k1', value: owner.pem } })).status).toBe(201);
    expect(await gw('/tenant/options/token.publicKey/k1', { method: 'DELETE', as: optionAdmin })).toMatchObject({ status: 403, body: { error: 'security/Forbidden' } });
    expect(await asBearer(signJwt(claims(t.id), 'RS256', owner.privateKey, 'k1'))).toMatchObject({ status: 200, body: { userName: 'boss' } });

    // The management tenant sets a key for the tenant; another tenant's admin may not.
    const managed = keyPair();
    expect((await gw(`/tenant/tenants/${t.id}/options/token.publicKey/k2`, { method: 'PUT', as: admin(), body: { value: managed.pem } })).status).toBe(200);
    expect(await asBearer(signJwt(claims(t.id), 'RS256', managed.privateKey, 'k2'))).toMatchObject({ status: 200, body: { userName: 'boss' } });
    const other = await newTenant();
    expect(await gw(`/tenant/tenants/${t.id}/options/token.publicKey/k3`, { method: 'PUT', as: other.admin, body: { value: attacker.pem } }))
      .toMatchObject({ status: 403, body: { error: 'security/Forbidden' } });
  });

  it('refuses an external token whose lifetime exceeds the cap, counted from iat or nbf, or from now without either', async () => {
    const t = await newTenant();
    const { pem, privateKey } = keyPair();
    expect((await gw('/tenant/options', { method: 'POST', as: t.admin, body: { category: 'token.publicKey', key: 'k1', value: pem } })).status).toBe(201);
    const sign = (extra: object) => signJwt(claims(t.id, extra), 'RS256', privateKey as KeyObject, 'k1');
    for (const token of [
      sign({ exp: now() + 100 * YEAR }),
      sign({ iat: undefined, nbf: undefined, exp: now() + 86400 + 3600 }),
      sign({ iat: now() - 3600, nbf: now() - 3600, exp: now() + 86400 - 1800 }),
      sign({ iat: now() + 100 * YEAR, exp: now() + 100 * YEAR + 60 }),
    ]) {
      expect(await asBearer(token)).toMatchObject({ status: 401, body: { ...ERROR_RESOURCE, error: 'security/Unauthorized' } });
    }
    expect((await asBearer(sign({ iat: now() - 60, exp: now() + 86400 - 120 }))).status).toBe(200);
    expect((await asBearer(sign({ iat: undefined, nbf: undefined, exp: now() + 3600 }))).status).toBe(200);
  });

  it('refuses an external token for a user who must pass a second factor', async () => {
    const t = await newTenant();
    const { pem, privateKey } = keyPair();
    expect((await gw('/tenant/options', { method: 'POST', as: t.admin, body: { category: 'token.publicKey', key: 'k1', value: pem } })).status).toBe(201);
    const token = signJwt(claims(t.id), 'RS256', privateKey, 'k1');
    expect((await asBearer(token)).status).toBe(200);
    expect((await gw('/tenant/options/two-factor-authentication/enforced', { method: 'PUT', as: t.admin, body: { value: 'true' } })).status).toBe(200);
    expect(await asBearer(token)).toMatchObject({ status: 401, body: { ...ERROR_RESOURCE, error: 'security/Unauthorized', message: expect.stringContaining('two-factor') } });
  });

  it('ends a user\'s sessions, and refuses external tokens for the user, when the user turns TOTP on', async () => {
    const t = await newTenant();
    const userName = `u${randomUUID().slice(0, 8)}`;
    const password = `Pw-${randomUUID()}`;
    expect((await gw(`/user/${t.id}/users`, { method: 'POST', as: t.admin, body: { userName, password } })).status).toBe(201);
    const user: [string, string] = [`${t.id}/${userName}`, password];
    const { pem, privateKey } = keyPair();
    expect((await gw('/tenant/options', { method: 'POST', as: t.admin, body: { category: 'token.publicKey', key: 'k1', value: pem } })).status).toBe(201);
    const external = signJwt(claims(t.id, { sub: userName }), 'RS256', privateKey, 'k1');

    const oai = await login('/tenant/oauth/token', { grant_type: 'PASSWORD', username: user[0], password });
    const accessToken = ((await oai.json()) as { access_token: string }).access_token;
    const cookieLogin = await login('/tenant/oauth', { grant_type: 'PASSWORD', username: user[0], password });
    const jar = cookieLogin.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const bearer = () => gw('/user/currentUser', { headers: { authorization: `Bearer ${accessToken}` } });
    const cookie = () => gw('/user/currentUser', { headers: { cookie: jar } });
    expect((await bearer()).status).toBe(200);
    expect((await cookie()).status).toBe(200);
    expect((await asBearer(external)).status).toBe(200);

    const used = new Set<number>();
    const secret = (await gw('/user/currentUser/totpSecret', { method: 'POST', as: user })).body.rawSecret as string;
    expect((await gw('/user/currentUser/totpSecret/verify', { method: 'POST', as: user, body: { code: freshTotpCode(secret, used) } })).status).toBe(204);
    expect((await gw('/user/currentUser/totpSecret/activity', { method: 'POST', headers: { authorization: `Bearer ${accessToken}` }, body: { isActive: true } })).status).toBe(204);

    for (const res of [await bearer(), await cookie(), await asBearer(external)]) {
      expect(res).toMatchObject({ status: 401, body: { ...ERROR_RESOURCE, error: 'security/Unauthorized' } });
    }
    const again = await login('/tenant/oauth/token', { grant_type: 'PASSWORD', username: user[0], password, tfa_code: freshTotpCode(secret, used) });
    expect(again.status).toBe(200);
    const fresh = ((await again.json()) as { access_token: string }).access_token;
    expect(await gw('/user/currentUser', { headers: { authorization: `Bearer ${fresh}` } })).toMatchObject({ status: 200, body: { userName } });
  });

  it('gives a group no management-only role outside the management tenant, by the same rule as a user', async () => {
    const t = await newTenant();
    const group = await gw(`/user/${t.id}/groups`, { method: 'POST', as: t.admin, body: { name: `g-${randomUUID().slice(0, 8)}` } });
    expect(group.status).toBe(201);
    const member = await newUser(t, []);
    expect((await gw(`/user/${t.id}/groups/${group.body.id}/users`, { method: 'POST', as: t.admin, body: { user: { id: member[0].split('/')[1] } } })).status).toBe(201);
    for (const id of ['ROLE_TENANT_MANAGEMENT_ADMIN', 'ROLE_TENANT_MANAGEMENT_CREATE']) {
      expect(await gw(`/user/${t.id}/groups/${group.body.id}/roles`, { method: 'POST', as: t.admin, body: { role: { id } } }))
        .toMatchObject({ status: 422, body: { ...ERROR_RESOURCE, error: 'groups/Invalid Data', message: `${id} is only for users of the management tenant` } });
      expect(await gw(`/user/${t.id}/users/${member[0].split('/')[1]}/roles`, { method: 'POST', as: t.admin, body: { role: { id } } }))
        .toMatchObject({ status: 422, body: { error: 'users/Invalid Data', message: `${id} is only for users of the management tenant` } });
    }
    expect((await gw('/tenant/tenants', { as: member })).status).toBe(403);
    expect((await gw(`/user/${t.id}/groups/${group.body.id}/roles`, { method: 'POST', as: t.admin, body: { role: { id: 'ROLE_OPTION_MANAGEMENT_READ' } } })).status).toBe(201);
    expect((await gw('/tenant/options', { as: member })).status).toBe(200);
    expect(await gw(`/user/${t.id}/groups/${group.body.id}/roles`, { method: 'POST', as: t.admin, body: { role: { id: 'ROLE_NOBODY_DEFINED' } } }))
      .toMatchObject({ status: 422, body: { error: 'groups/Invalid Data' } });
  });

  it('keeps a tenant\'s rate limit to the management tenant, whose limit the gateway applies', async () => {
    const t = await newTenant();
    const own = [
      await gw('/tenant/options/rate.limit/requests.per.second', { method: 'PUT', as: t.admin, body: { value: '1000000' } }),
      await gw('/tenant/options', { method: 'POST', as: t.admin, body: { category: 'rate.limit', key: 'queue.length', value: '100000' } }),
    ];
    for (const res of own) expect(res).toMatchObject({ status: 403, body: { ...ERROR_RESOURCE, error: 'security/Forbidden' } });

    expect((await gw(`/tenant/tenants/${t.id}/options/rate.limit/queue.length`, { method: 'PUT', as: admin(), body: { value: '10' } })).status).toBe(200);
    expect((await gw('/tenant/options/rate.limit/queue.length', { as: t.admin })).body).toMatchObject({ value: '10' });
    expect(await gw('/tenant/options/rate.limit/queue.length', { method: 'DELETE', as: t.admin })).toMatchObject({ status: 403, body: { error: 'security/Forbidden' } });
    expect(await gw('/tenant/options/rate.limit/queue.length', { method: 'PUT', as: t.admin, body: { value: '100000' } })).toMatchObject({ status: 403, body: { error: 'security/Forbidden' } });
    expect((await gw('/tenant/options/rate.limit/queue.length', { as: t.admin })).body).toMatchObject({ value: '10' });

    expect((await gw(`/tenant/tenants/${t.id}/options/rate.limit/queue.length`, { method: 'PUT', as: admin(), body: { value: '0' } })).status).toBe(200);
    expect((await gw(`/tenant/tenants/${t.id}/options/rate.limit/requests.per.second`, { method: 'PUT', as: admin(), body: { value: '0.001' } })).status).toBe(200);
    // One request a thousand seconds, no queue: once the gateway has the limits, the second request in a row is refused.
    const refused = await eventually(() => gw('/tenant/options/rate.limit', { as: t.admin }), (res) => res.status === 429, 15_000);
    expect(refused).toMatchObject({ status: 429, body: { error: 'general/Too Many Requests' } });
    expect((await gw(`/tenant/tenants/${t.id}/options/rate.limit/requests.per.second`, { method: 'DELETE', as: admin() })).status).toBe(204);
    expect(await gw('/tenant/tenants/t-no-such-tenant/options/rate.limit/queue.length', { method: 'PUT', as: admin(), body: { value: '0' } }))
      .toMatchObject({ status: 404, body: { error: 'tenants/Not Found' } });
  });

  it('answers 422 for a JSON login whose fields are not text', async () => {
    const t = await newTenant();
    for (const body of [
      { grant_type: 'PASSWORD', username: { $ne: '' }, password: 'x' },
      { grant_type: 'PASSWORD', username: ['a', 'b'], password: 'x' },
      { grant_type: 'PASSWORD', username: t.admin[0], password: { $gt: '' } },
      { grant_type: 'PASSWORD', username: t.admin[0], password: [t.admin[1]] },
      { grant_type: 'PASSWORD', username: t.admin[0], password: t.admin[1], tfa_code: 123456 },
    ]) {
      const res = await jsonLogin(body);
      expect({ body, status: res.status, contentType: res.contentType, error: res.body }).toEqual({
        body, status: 422, contentType: `${BRAND}.error+json;ver=0.9;charset=UTF-8`, error: { ...ERROR_RESOURCE, error: 'security/Unprocessable Entity' },
      });
    }
    expect((await jsonLogin({ grant_type: 'PASSWORD', username: t.admin[0], password: t.admin[1] })).status).toBe(200);
  });

  it('answers 400 for a JSON body nested more than 64 levels deep, in every app', async () => {
    const app = await gw('/application/applications', { method: 'POST', as: admin(), body: { name: `deep-${randomUUID().slice(0, 8)}`, key: `deep-${randomUUID().slice(0, 8)}`, type: 'EXTERNAL', externalUrl: 'https://example.com' } });
    expect(app.status).toBe(201);
    // Unknown fields of an application are stored: hundreds of levels failed in the database (500).
    for (const path of [`/application/applications/${app.body.id}`, '/tenant/options/deep.cat/k', '/user/currentUser']) {
      for (const levels of [65, 500, 5000]) {
        const res = await putRaw(path, admin(), `{"value":"x","description":"x","deep":${deepJson(levels)}}`);
        expect({ path, levels, status: res.status, contentType: res.contentType, body: res.body }).toEqual({
          path, levels, status: 400, contentType: `${BRAND}.error+json;ver=0.9;charset=UTF-8`, body: { ...ERROR_RESOURCE, error: 'general/Bad Request' },
        });
      }
    }
    expect((await putRaw('/tenant/options/deep.cat/k', admin(), `{"value":"x","deep":${deepJson(10)}}`)).status).toBe(200);
    expect((await putRaw(`/application/applications/${app.body.id}`, admin(), `{"description":"x","deep":${deepJson(63)}}`)).status).toBe(200);
    expect((await putRaw(`/application/applications/${app.body.id}`, admin(), '{"description":"shallow"}')).status).toBe(200);
  });
});
