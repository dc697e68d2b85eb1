import { randomBytes } from 'node:crypto';
import { loadConfig } from '@berth/config';
import { parseSecretKey, SecretBox, SecretBoxError, secretKeyId } from './secret-box';
import { secretBoxFromConfig, secretsConfigSchema } from './secrets-config';

const key = () => randomBytes(32).toString('base64url');

describe('SecretBox', () => {
  const current = key();
  const box = new SecretBox(current);

  it('seals with AES-256-GCM so the plaintext is absent, and opens it again', () => {
    const sealed = box.seal('s3cret-password', 'ctx');
    expect(sealed).not.toContain('s3cret');
    expect(sealed.split('.')[0]).toBe('gcm1');
    expect(sealed.split('.')[1]).toBe(box.keyId);
    expect(box.open(sealed, 'ctx')).toBe('s3cret-password');
    expect(box.seal('s3cret-password', 'ctx')).not.toBe(sealed);
    expect(box.open(box.seal('', 'ctx'), 'ctx')).toBe('');
  });

  it('refuses a secret altered, sealed for another context, or not sealed at all', () => {
    const sealed = box.seal('value', 'a');
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3], 'base64url');
    flipped[0] ^= 1;
    expect(() => box.open([...parts.slice(0, 3), flipped.toString('base64url'), parts[4]].join('.'), 'a')).toThrow(SecretBoxError);
    expect(() => box.open(sealed, 'b')).toThrow(/failed authentication/);
    expect(() => box.open('plain text', 'a')).toThrow(/not a sealed secret/);
  });

  it('rotates: previous keys still open, new secrets use the current key', () => {
    const old = new SecretBox(current);
    const sealedOld = old.seal('kept', 'ctx');
    const rotated = new SecretBox(key(), [current]);
    expect(rotated.keyId).not.toBe(old.keyId);
    expect(rotated.open(sealedOld, 'ctx')).toBe('kept');
    expect(rotated.isStale(sealedOld)).toBe(true);
    const sealedNew = rotated.seal('new', 'ctx');
    expect(sealedNew.split('.')[1]).toBe(rotated.keyId);
    expect(rotated.isStale(sealedNew)).toBe(false);
    expect(() => old.open(sealedNew, 'ctx')).toThrow(/neither the current nor a previous/);
  });

  it('reads keys as base64, base64url or hex, and refuses anything else', () => {
    const bytes = randomBytes(32);
    for (const text of [bytes.toString('base64'), bytes.toString('base64url'), bytes.toString('hex')]) {
      expect(parseSecretKey(text).equals(bytes)).toBe(true);
    }
    expect(secretKeyId(bytes)).toMatch(/^[A-Za-z0-9_-]{8}$/);
    for (const bad of ['', 'short', randomBytes(16).toString('hex'), randomBytes(33).toString('base64url')]) {
      expect(() => parseSecretKey(bad)).toThrow(SecretBoxError);
    }
  });
});

describe('secretsConfigSchema', () => {
  it('takes the current key and a comma list of previous keys', () => {
    const [a, b, c] = [key(), key(), key()];
    const config = loadConfig(secretsConfigSchema, { BERTH_SECRETS_KEY: a, BERTH_SECRETS_PREVIOUS_KEYS: ` ${b}, ${c},` });
    expect(config.BERTH_SECRETS_PREVIOUS_KEYS).toEqual([b, c]);
    const sealed = new SecretBox(c).seal('x');
    expect(secretBoxFromConfig(config).open(sealed)).toBe('x');
    expect(loadConfig(secretsConfigSchema, { BERTH_SECRETS_KEY: a }).BERTH_SECRETS_PREVIOUS_KEYS).toEqual([]);
  });

  it('fails start-up naming the variable of a malformed key', () => {
    expect(() => loadConfig(secretsConfigSchema, {})).toThrow(/BERTH_SECRETS_KEY/);
    expect(() => loadConfig(secretsConfigSchema, { BERTH_SECRETS_KEY: key(), BERTH_SECRETS_PREVIOUS_KEYS: 'nope' }))
      .toThrow(/BERTH_SECRETS_PREVIOUS_KEYS/);
  });
});
