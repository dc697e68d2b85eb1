import { DomainError, textLength } from '@berth/http';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** The kinds of character a password mixes: lower case, upper case, digits, others. */
const PASSWORD_KINDS = ['[a-z]', '[A-Z]', '[0-9]', '[^a-zA-Z0-9]'];

/** A pattern (unanchored) that text with characters of at least two kinds matches: one kind, anything, another kind. */
export const PASSWORD_MIX = PASSWORD_KINDS.flatMap((a) => PASSWORD_KINDS.filter((b) => b !== a).map((b) => `${a}[\\s\\S]*${b}`)).join('|');

/**
 * The password policy: 8 to 128 characters, at least two kinds of character (lower case, upper
 * case, digits, others), and not the user name. @throws DomainError 422 saying which rule failed.
 */
export function checkPasswordPolicy(password: unknown, userName: string, field = 'password'): string {
  const fail = (why: string) => new DomainError('users', 'Invalid Data', `${field} ${why}`);
  if (typeof password !== 'string') throw fail('must be a string');
  const length = textLength(password);
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) {
    throw fail(`must have ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`);
  }
  if (!new RegExp(PASSWORD_MIX).test(password)) throw fail('must mix at least two of: lower case, upper case, digits, other characters');
  if (password.toLowerCase() === userName.toLowerCase()) throw fail('must not be the user name');
  return password;
}
