import { generateKeyPairSync } from 'node:crypto';
import { decodeJwt, hasValidSignature, isWithinValidity, signJwt } from './jwt';

const secret = Buffer.from('s'.repeat(32));
const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });

describe('jwt', () => {
  it('signs and verifies HS256 and RS256', () => {
    const hs = decodeJwt(signJwt({ sub: 'a' }, 'HS256', secret, 'k1'))!;
    expect(hs.header).toMatchObject({ alg: 'HS256', kid: 'k1' });
    expect(hasValidSignature(hs, 'HS256', secret)).toBe(true);
    expect(hasValidSignature(hs, 'HS256', Buffer.from('other'))).toBe(false);
    const rs = decodeJwt(signJwt({ sub: 'a' }, 'RS256', privateKey))!;
    expect(hasValidSignature(rs, 'RS256', publicKey)).toBe(true);
  });

  it('refuses alg none, and HS256 signed with the RSA public key when RS256 is expected', () => {
    const none = decodeJwt(`${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"a"}').toString('base64url')}.`)!;
    expect(hasValidSignature(none, 'RS256', publicKey)).toBe(false);
    const pem = publicKey.export({ type: 'spki', format: 'pem' }) as string;
    const confused = decodeJwt(signJwt({ sub: 'a' }, 'HS256', Buffer.from(pem)))!;
    expect(hasValidSignature(confused, 'RS256', publicKey)).toBe(false);
  });

  it('refuses what is not a JWT', () => {
    for (const t of ['', 'a.b', 'a.b.c.d', '!!.e30.x', `${Buffer.from('[]').toString('base64url')}.e30.x`]) expect(decodeJwt(t)).toBeUndefined();
  });

  it('checks exp and nbf with skew', () => {
    const now = 1_000_000_000_000;
    expect(isWithinValidity({ exp: now / 1000 + 10 }, now)).toBe(true);
    expect(isWithinValidity({ exp: now / 1000 - 31 }, now)).toBe(false);
    expect(isWithinValidity({ exp: now / 1000 + 100, nbf: now / 1000 + 60 }, now)).toBe(false);
    expect(isWithinValidity({}, now)).toBe(false);
  });
});
