import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const FORMAT = 'gcm1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

/** Why a sealed secret could not be opened. The message never contains the secret. */
export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

/**
 * The 32 bytes of an AES-256 key as configuration gives it: base64 or base64url (43–44
 * characters), or hex (64 characters). @throws SecretBoxError for anything else.
 */
export function parseSecretKey(text: string): Buffer {
  const value = text.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex')
    : /^[A-Za-z0-9+/_-]{43}={0,1}$/.test(value) ? Buffer.from(value.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''), 'base64url')
      : undefined;
  if (!bytes || bytes.length !== KEY_BYTES) {
    throw new SecretBoxError('a secrets key must be 32 bytes, as base64/base64url (43-44 characters) or hex (64 characters)');
  }
  return bytes;
}

/** Whether `text` is a usable secrets key (see parseSecretKey). */
export function isSecretKey(text: string): boolean {
  try {
    parseSecretKey(text);
    return true;
  } catch {
    return false;
  }
}

/** A short public id of a key (8 base64url characters of a hash), recorded in every ciphertext it makes. */
export function secretKeyId(key: Buffer): string {
  return createHash('sha256').update('berth-secret-key-id\0').update(key).digest('base64url').slice(0, 8);
}

/**
 * Encrypts secrets for storage with AES-256-GCM, and opens them again, with key rotation:
 * new secrets are sealed with the current key; secrets sealed with a previous key still open.
 * A sealed secret is one string, `gcm1.<keyId>.<iv>.<ciphertext>.<tag>` (base64url parts), so
 * it shows which key made it. An optional `context` (e.g. the id of the record holding the
 * secret) is bound to the ciphertext as associated data: the secret opens only with the same
 * context, so it cannot be copied to another record. Neither method logs or echoes a secret.
 */
export class SecretBox {
  /** Id of the key new secrets are sealed with. */
  readonly keyId: string;
  private readonly keys = new Map<string, Buffer>();

  /** @throws SecretBoxError when a key is malformed (see parseSecretKey). */
  constructor(currentKey: string, previousKeys: readonly string[] = []) {
    const current = parseSecretKey(currentKey);
    this.keyId = secretKeyId(current);
    this.keys.set(this.keyId, current);
    for (const text of previousKeys) {
      const key = parseSecretKey(text);
      if (!this.keys.has(secretKeyId(key))) this.keys.set(secretKeyId(key), key);
    }
  }

  /** Whether `value` has the shape of a sealed secret (it may still fail to open). */
  static isSealed(value: unknown): value is string {
    return typeof value === 'string' && value.startsWith(`${FORMAT}.`) && value.split('.').length === 5;
  }

  /** Encrypts `plaintext` with the current key and a fresh random IV. */
  seal(plaintext: string, context = ''): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.keyId)!, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [FORMAT, this.keyId, iv.toString('base64url'), data.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
  }

  /**
   * Decrypts a sealed secret with the key it names.
   * @throws SecretBoxError when it is malformed, names a key this box does not hold, was
   * altered, or was sealed with another context.
   */
  open(sealed: string, context = ''): string {
    if (!SecretBox.isSealed(sealed)) throw new SecretBoxError('not a sealed secret');
    const [, keyId, iv, data, tag] = sealed.split('.');
    const key = this.keys.get(keyId);
    if (!key) throw new SecretBoxError(`sealed with key ${keyId}, which is neither the current nor a previous secrets key`);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError(`sealed secret (key ${keyId}) failed authentication: altered, or sealed for another record`);
    }
  }

  /** Whether a sealed secret was made with a key other than the current one (re-seal it on the next write). */
  isStale(sealed: string): boolean {
    return sealed.split('.')[1] !== this.keyId;
  }
}
