import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { DomainError } from '@berth/http';
import { checkOptionWrite } from './option-rules';

function refusal(fn: () => void): { status: number; code: string; message: string } | undefined {
  try {
    fn();
    return undefined;
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return { status: err.status, code: err.code, message: err.message };
  }
}

const rsa = (bits: number) => generateKeyPairSync('rsa', { modulusLength: bits });
/** A syntactically valid 256-bit RSA public key: OpenSSL no longer generates keys this small. */
function tinyRsaPem(): string {
  const n = Buffer.alloc(32, 0xab);
  n[31] |= 1;
  return createPublicKey({ key: { kty: 'RSA', n: n.toString('base64url'), e: 'AQAB' }, format: 'jwk' }).export({ type: 'spki', format: 'pem' }).toString();
}

describe('checkOptionWrite', () => {
  it('takes names of letters, digits, ".", "-" and "_" within the length limits', () => {
    expect(refusal(() => checkOptionWrite('my.category_1', 'some-key.x', 'v'))).toBeUndefined();
    expect(refusal(() => checkOptionWrite('c'.repeat(64), 'k'.repeat(128), ''))).toBeUndefined();
  });

  it.each([
    ['bad category', 'a/b', 'k', 'category'], ['space', 'a b', 'k', 'category'], ['empty', '', 'k', 'category'],
    ['leading dot', '.a', 'k', 'category'], ['too long category', 'c'.repeat(65), 'k', 'category'],
    ['bad key', 'c', 'k$', 'key'], ['too long key', 'c', 'k'.repeat(129), 'key'], ['non-string key', 'c', 5, 'key'],
  ])('refuses %s with 422 naming the field', (_name, category, key, field) => {
    expect(refusal(() => checkOptionWrite(category, key, 'v'))).toMatchObject({ status: 422, code: 'options/Invalid Data', message: expect.stringMatching(new RegExp(`^${field}:`)) });
  });

  it('refuses a value that is not a string, or too long, naming the key', () => {
    expect(refusal(() => checkOptionWrite('c', 'k1', 5))).toMatchObject({ status: 422, message: expect.stringMatching(/^k1: value must be a string/) });
    expect(refusal(() => checkOptionWrite('c', 'k1', 'x'.repeat(16_385)))).toMatchObject({ status: 422, message: expect.stringMatching(/^k1:/) });
    expect(refusal(() => checkOptionWrite('c', 'k1', '\u{1F600}'.repeat(16_384)))).toBeUndefined();
  });

  describe('token.publicKey', () => {
    it('takes a PEM RSA public key of 512 bits or more', () => {
      for (const bits of [512, 2048]) {
        const pem = rsa(bits).publicKey.export({ type: 'spki', format: 'pem' }).toString();
        expect(refusal(() => checkOptionWrite('token.publicKey', 'kid-1', pem))).toBeUndefined();
      }
      const pkcs1 = rsa(1024).publicKey.export({ type: 'pkcs1', format: 'pem' }).toString();
      expect(refusal(() => checkOptionWrite('token.publicKey', 'kid-2', pkcs1))).toBeUndefined();
    });

    it('refuses smaller keys, private keys, other key types and garbage, naming the kid', () => {
      const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
      const priv = rsa(1024).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      const cases: Array<[string, RegExp]> = [
        [tinyRsaPem(), /at least 512 bits, has 256/], [ec, /must be an RSA public key/], [priv, /PEM public key/],
        ['not a key', /PEM public key/], ['-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----', /not a readable/],
      ];
      for (const [value, problem] of cases) {
        expect(refusal(() => checkOptionWrite('token.publicKey', 'kid-x', value))).toMatchObject({ status: 422, message: expect.stringMatching(/^kid-x: /) });
        expect(refusal(() => checkOptionWrite('token.publicKey', 'kid-x', value))!.message).toMatch(problem);
      }
    });
  });

  describe('messaging', () => {
    it('takes a known provider, the common keys and the keys of the provider in effect', () => {
      expect(refusal(() => checkOptionWrite('messaging', 'provider', 'http-a'))).toBeUndefined();
      for (const key of ['sms.senderAddress', 'sms.senderName', 'http-a.baseUrl', 'http-a.username', 'credentials.http-a.password']) {
        expect(refusal(() => checkOptionWrite('messaging', key, 'x', { messagingProvider: 'http-a' }))).toBeUndefined();
      }
      for (const key of ['http-b.authUrl', 'http-b.messagingUrl', 'credentials.http-b.password']) {
        expect(refusal(() => checkOptionWrite('messaging', key, 'x', { messagingProvider: 'http-b' }))).toBeUndefined();
      }
      for (const key of ['smpp.host', 'smpp.port', 'smpp.systemId', 'smpp.systemType', 'credentials.smpp.password']) {
        expect(refusal(() => checkOptionWrite('messaging', key, 'x', { messagingProvider: 'smpp' }))).toBeUndefined();
      }
    });

    it('refuses an unknown provider, a key of another provider, an unsealed password, and keys without a provider', () => {
      expect(refusal(() => checkOptionWrite('messaging', 'provider', 'acme'))).toMatchObject({ status: 422, message: expect.stringMatching(/^provider: unknown provider "acme"/) });
      expect(refusal(() => checkOptionWrite('messaging', 'http-b.authUrl', 'x', { messagingProvider: 'http-a' }))?.message).toMatch(/^http-b.authUrl: not a key of provider http-a/);
      expect(refusal(() => checkOptionWrite('messaging', 'http-a.password', 'x', { messagingProvider: 'http-a' }))?.message).toMatch(/^http-a.password:/);
      expect(refusal(() => checkOptionWrite('messaging', 'sms.senderName', 'x'))?.message).toMatch(/^sms.senderName: set messaging\/provider/);
    });
  });

  describe('access.control/allow.origin', () => {
    it.each(['*', 'https://a.example.com', 'http://localhost:4200, https://b.example.com:8443'])('takes %s', (value) => {
      expect(refusal(() => checkOptionWrite('access.control', 'allow.origin', value))).toBeUndefined();
    });
    it.each(['', 'a.example.com', 'https://a.example.com/', 'https://a.example.com/path', 'ftp://a.example.com', '*, https://a.com', 'https://user@a.com'])('refuses %j', (value) => {
      expect(refusal(() => checkOptionWrite('access.control', 'allow.origin', value))).toMatchObject({ status: 422, message: expect.stringMatching(/^allow.origin: /) });
    });
    it('leaves other keys of the category alone', () => {
      expect(refusal(() => checkOptionWrite('access.control', 'max.age', 'anything'))).toBeUndefined();
    });
  });

  describe('microservice.runtime', () => {
    it.each([['hello.replicas', '3'], ['hello.cpu', '250m'], ['hello.memory', '256M']])('takes %s %j', (key, value) => {
      expect(refusal(() => checkOptionWrite('microservice.runtime', key, value))).toBeUndefined();
    });
    it.each([['hello.disk', '1', /not a runtime setting/], ['hello', '1', /not a runtime setting/], ['hello.replicas', '6', /1 to 5/], ['hello.memory', '1M', /64M/]])(
      'refuses %s %j naming the key', (key, value, problem) => {
        const refused = refusal(() => checkOptionWrite('microservice.runtime', key, value));
        expect(refused).toMatchObject({ status: 422, code: 'options/Invalid Data', message: expect.stringMatching(new RegExp(`^${key}: `)) });
        expect(refused!.message).toMatch(problem);
      });
  });
});
