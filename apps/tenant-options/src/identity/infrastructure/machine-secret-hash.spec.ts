import { hashMachineSecret, machineSecret } from './machine-secret-hash';
import { PasswordHasher } from './password-hasher';

describe('machine secret hashes', () => {
  it('are checked by PasswordHasher like any password hash, and only match their secret', async () => {
    const secret = machineSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const encoded = await hashMachineSecret(secret);
    expect(encoded).toMatch(/^scrypt\$1024\$8\$1\$/);
    const hasher = new PasswordHasher();
    expect(await hasher.verify(secret, encoded)).toBe(true);
    expect(await hasher.verify(machineSecret(), encoded)).toBe(false);
  });
});
