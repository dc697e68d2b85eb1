import { randomBytes, scrypt } from 'node:crypto';
import { promisify } from 'node:util';
import { hashMachineSecret, machineSecret } from './machine-secret-hash';
import { PasswordHasher } from './password-hasher';

const scryptAsync = promisify(scrypt) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;

describe('machine secret hashes', () => {
  const hasher = new PasswordHasher();

  it('are checked by PasswordHasher like any password hash, and only match their secret', async () => {
    const secret = machineSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const encoded = hashMachineSecret(secret);
    expect(encoded).toMatch(/^sha256\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(encoded).not.toContain(secret);
    expect(await hasher.verify(secret, encoded)).toBe(true);
    expect(await hasher.verify(machineSecret(), encoded)).toBe(false);
  });

  it('are salted', () => {
    const secret = machineSecret();
    expect(hashMachineSecret(secret)).not.toBe(hashMachineSecret(secret));
  });

  it('refuses a truncated or empty machine hash instead of throwing', async () => {
    const secret = machineSecret();
    const encoded = hashMachineSecret(secret);
    expect(await hasher.verify(secret, encoded.slice(0, -4))).toBe(false);
    expect(await hasher.verify(secret, 'sha256$')).toBe(false);
    expect(await hasher.verify(secret, 'sha256')).toBe(false);
  });

  it('made earlier with scrypt at N=1024 still verify', async () => {
    const secret = machineSecret();
    const salt = randomBytes(16);
    const key = await scryptAsync(secret, salt, 32, { N: 1024, r: 8, p: 1 });
    const encoded = ['scrypt', 1024, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
    expect(await hasher.verify(secret, encoded)).toBe(true);
    expect(await hasher.verify(machineSecret(), encoded)).toBe(false);
  });
});
