import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** The scheme of machine-secret hashes: `sha256$salt$hash` (base64url parts). */
const SCHEME = 'sha256';

/** A random password for a machine user (24 random bytes, base64url). */
export function machineSecret(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * Hashes a secret made by `machineSecret` as `sha256$salt$hash`, which PasswordHasher.verify checks.
 * A generated secret of 192 random bits cannot be guessed, so stretching it (scrypt) would only cost
 * time: one salted SHA-256 suffices (NIST SP 800-63B asks for a slow hash only for secrets a person
 * chose). Never use it for a chosen password. A machine secret stored as an scrypt hash (N=1024) verifies too.
 */
export function hashMachineSecret(secret: string): string {
  const salt = randomBytes(16);
  return [SCHEME, salt.toString('base64url'), digest(secret, salt).toString('base64url')].join('$');
}

/** Whether `encoded` is a hash `hashMachineSecret` made (by its scheme; it may still be malformed). */
export function isMachineSecretHash(encoded: string): boolean {
  return encoded.split('$', 1)[0] === SCHEME;
}

/** Whether `secret` matches a machine-secret hash (in constant time); false for a malformed one. */
export function machineSecretMatches(secret: string, encoded: string): boolean {
  const [, salt, hash] = encoded.split('$');
  const expected = Buffer.from(hash ?? '', 'base64url');
  const actual = digest(secret, Buffer.from(salt ?? '', 'base64url'));
  return expected.length === actual.length && timingSafeEqual(actual, expected);
}

function digest(secret: string, salt: Buffer): Buffer {
  return createHash('sha256').update(salt).update(secret).digest();
}
