import { createPublicKey, generateKeyPairSync, KeyObject } from 'node:crypto';
import { signJwt } from '@berth/auth';
import { gw, newTenant } from '@berth/testing';

const now = () => Math.floor(Date.now() / 1000);

async function tenantWithKey(kid = 'k1') {
  const t = await newTenant();
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
  const pem = publicKey.export({ type: 'spki', format: 'pem' }) as string;
  const res = await gw('/tenant/options', { method: 'POST', as: t.admin, body: { category: 'token.publicKey', key: kid, value: pem } });
  return { t, privateKey, publicPem: pem, status: res.status };
}

const claims = (tenant: string, extra: object = {}) => ({ iss: 'cumulocity', aud: tenant, sub: 'boss', nbf: now() - 5, exp: now() + 300, ...extra });
const asBearer = (token: string) => gw('/user/currentUser', { headers: { authorization: `Bearer ${token}` } });

describe('external JWT (RS256, keys from token.publicKey options)', () => {
  it('accepts a token signed by the tenant\'s uploaded key on the request after the upload', async () => {
    const { t, privateKey, status } = await tenantWithKey();
    expect(status).toBe(201);
    expect(await asBearer(signJwt(claims(t.id), 'RS256', privateKey, 'k1'))).toMatchObject({ status: 200, body: { userName: 'boss' } });
  });

  it('refuses every mismatch with 401', async () => {
    const { t, privateKey, publicPem } = await tenantWithKey();
    const other = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey;
    const bad: Array<[string, string]> = [
      ['wrong audience', signJwt(claims('t00000000'), 'RS256', privateKey, 'k1')],
      ['wrong issuer', signJwt(claims(t.id, { iss: 'someone' }), 'RS256', privateKey, 'k1')],
      ['unknown user', signJwt(claims(t.id, { sub: 'nobody' }), 'RS256', privateKey, 'k1')],
      ['expired', signJwt(claims(t.id, { exp: now() - 120 }), 'RS256', privateKey, 'k1')],
      ['not yet valid', signJwt(claims(t.id, { nbf: now() + 120 }), 'RS256', privateKey, 'k1')],
      ['another key', signJwt(claims(t.id), 'RS256', other, 'k1')],
      ['unknown kid', signJwt(claims(t.id), 'RS256', privateKey, 'k2')],
      ['HS256 with the public key as secret', signJwt(claims(t.id), 'HS256', Buffer.from(publicPem), 'k1')],
      ['alg none', `${Buffer.from('{"alg":"none","kid":"k1"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims(t.id))).toString('base64url')}.`],
    ];
    for (const [why, token] of bad) {
      const res = await asBearer(token);
      expect({ why, status: res.status, error: res.body?.error }).toEqual({ why, status: 401, error: 'security/Unauthorized' });
    }
  });

  it('refuses to store a key below 512 bits with 422', async () => {
    const t = await newTenant();
    // OpenSSL will not generate such a key, so it is built from a 384-bit modulus.
    const small = createPublicKey({ key: { kty: 'RSA', n: Buffer.alloc(48, 0xff).toString('base64url'), e: 'AQAB' }, format: 'jwk' });
    const value = small.export({ type: 'spki', format: 'pem' }) as string;
    const res = await gw('/tenant/options', { method: 'POST', as: t.admin, body: { category: 'token.publicKey', key: 'small', value } });
    expect(res).toMatchObject({ status: 422, body: { error: 'options/Invalid Data', message: expect.stringMatching(/^small: /) } });
  });

  it('stops accepting tokens from the request after the key\'s deletion', async () => {
    const { t, privateKey } = await tenantWithKey();
    const token = signJwt(claims(t.id), 'RS256', privateKey as KeyObject, 'k1');
    expect((await asBearer(token)).status).toBe(200);
    expect((await gw('/tenant/options/token.publicKey/k1', { method: 'DELETE', as: t.admin })).status).toBe(204);
    expect((await asBearer(token)).status).toBe(401);
  });
});
