import { createHash, randomBytes } from 'node:crypto';

/** The scheme of machine-secret hashes in PasswordHasher's encoding: `sha256$salt$hash` (base64url parts). */
export const MACHINE_SECRET_SCHEME = 'sha256';

/** A random password for a machine user (24 random bytes, base64url). */
export function machineSecret(): string {
  return randomBytes(24).toString('base64url');
}

/** SHA-256 of salt and secret: what a machine-secret hash holds, and what PasswordHasher.verify computes to check one. */
export function machineSecretDigest(secret: string, salt: Buffer): Buffer {
  return createHash('sha256').update(salt).update(secret).digest();
}

/**
 * Hashes a secret made by `machineSecret` as `sha256$salt$hash`, which PasswordHasher.verify checks.
 * A generated secret of 192 random bits cannot be guessed, so stretching it (scrypt) would only cost
 * time: one salted SHA-256 suffices (NIST SP 800-63B asks for a slow hash only for secrets a person
 * chose). Never use it for a chosen password. Hashes made earlier with scrypt (N=1024) still verify.
 */
export function hashMachineSecret(secret: string): string {
  const salt = randomBytes(16);
  return [MACHINE_SECRET_SCHEME, salt.toString('base64url'), machineSecretDigest(secret, salt).toString('base64url')].join('$');
}
