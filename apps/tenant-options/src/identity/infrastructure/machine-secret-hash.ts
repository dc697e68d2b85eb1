import { randomBytes, scrypt } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;
/** Cheap parameters: a generated secret of 192 random bits needs no stretching against guessing. */
const PARAMS = { N: 1024, r: 8, p: 1 };

/** A random password for a machine user (24 random bytes, base64url). */
export function machineSecret(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * Hashes a secret made by `machineSecret` in PasswordHasher's encoding (`scrypt$N$r$p$salt$hash`,
 * which carries its parameters, so PasswordHasher.verify checks it), at about a sixteenth of the
 * cost of a human's password: replaying many creations stays fast. Never use it for a chosen password.
 */
export async function hashMachineSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(secret, salt, 32, { ...PARAMS, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}
