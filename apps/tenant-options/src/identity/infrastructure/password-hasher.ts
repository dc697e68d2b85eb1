import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { isMachineSecretHash, machineSecretMatches } from './machine-secret-hash';

const scryptAsync = promisify(scrypt) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;
const PARAMS = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 32;

/**
 * scrypt password hashes in the form `scrypt$N$r$p$salt$hash` (base64url parts); `verify` also checks
 * the hashes of generated machine secrets (`sha256$salt$hash`, machine-secret-hash), which nothing a person chose is hashed with.
 */
export class PasswordHasher {
  /** A well-formed hash of no one's password: verifying against it costs what a real check costs. */
  static readonly DUMMY = ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, randomBytes(16).toString('base64url'), randomBytes(KEY_LENGTH).toString('base64url')].join('$');

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await scryptAsync(password, salt, KEY_LENGTH, PARAMS);
    return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
  }

  /** True when `password` matches `encoded`; false for a wrong password or a malformed hash. */
  async verify(password: string, encoded: string): Promise<boolean> {
    if (isMachineSecretHash(encoded)) return machineSecretMatches(password, encoded);
    const [scheme, N, r, p, salt, hash] = encoded.split('$');
    if (scheme !== 'scrypt' || !salt || !hash) return false;
    const expected = Buffer.from(hash, 'base64url');
    const key = await scryptAsync(password, Buffer.from(salt, 'base64url'), expected.length,
      { N: Number(N), r: Number(r), p: Number(p), maxmem: PARAMS.maxmem });
    return timingSafeEqual(key, expected);
  }
}
