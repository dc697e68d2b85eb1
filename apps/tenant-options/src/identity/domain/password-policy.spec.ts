import { checkPasswordPolicy } from './password-policy';

describe('password policy', () => {
  it('accepts a password of two kinds of character', () => {
    expect(checkPasswordPolicy('horse battery 9', 'alice')).toBe('horse battery 9');
  });

  it('counts characters, not UTF-16 units, as the OpenAPI schema does', () => {
    expect(checkPasswordPolicy('\u{1F600}'.repeat(7) + 'a', 'alice')).toHaveLength(15);
    expect(() => checkPasswordPolicy('\u{1F600}'.repeat(6) + 'a', 'alice')).toThrow(expect.objectContaining({ status: 422 }));
  });

  it.each([
    ['short1', 'must have 8'], ['alllowercase', 'at least two'], ['x'.repeat(129), 'must have 8'],
    ['Alice-smith', 'must not be the user name'], [42, 'must be a string'],
  ])('refuses %p with 422', (password, why) => {
    expect(() => checkPasswordPolicy(password, 'alice-smith')).toThrow(expect.objectContaining({ status: 422, message: expect.stringContaining(why) }));
  });
});
