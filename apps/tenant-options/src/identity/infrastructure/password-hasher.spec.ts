import { PasswordHasher } from './password-hasher';

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher();

  it('verifies the password it hashed and refuses another', async () => {
    const encoded = await hasher.hash('correct horse');
    expect(encoded).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(encoded).not.toContain('correct horse');
    await expect(hasher.verify('correct horse', encoded)).resolves.toBe(true);
    await expect(hasher.verify('wrong horse', encoded)).resolves.toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hasher.hash('same')).not.toBe(await hasher.hash('same'));
  });

  it('refuses a malformed hash instead of throwing', async () => {
    await expect(hasher.verify('x', 'plain-text')).resolves.toBe(false);
  });
});
