import { DomainError } from '@berth/http';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * The password policy: 8 to 128 characters, at least two kinds of character (lower case, upper
 * case, digits, others), and not the user name. @throws DomainError 422 saying which rule failed.
 */
export function checkPasswordPolicy(password: unknown, userName: string, field = 'password'): string {
  const fail = (why: string) => new DomainError('users', 'Invalid Data', `${field} ${why}`);
  if (typeof password !== 'string') throw fail('must be a string');
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    throw fail(`must have ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`);
  }
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((re) => re.test(password)).length;
  if (kinds < 2) throw fail('must mix at least two of: lower case, upper case, digits, other characters');
  if (password.toLowerCase() === userName.toLowerCase()) throw fail('must not be the user name');
  return password;
}
