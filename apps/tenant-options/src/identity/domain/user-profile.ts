import { DomainError, textLength, WHITESPACE } from '@berth/http';
import { MAX_TEXT_LENGTH } from '../../text-rules';

/** The profile fields a user's PUT and POST may carry. */
export const PROFILE_FIELDS = ['email', 'firstName', 'lastName', 'phone'] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];

/** What an e-mail address must look like: something, `@`, something, no white space. */
export const EMAIL = new RegExp(`^[^${WHITESPACE}@]+@[^${WHITESPACE}@]+$`);

/** The profile fields of a body: strings are set, `null` removes (a partial update, docs/api/conventions.md). @throws 422 on other types. */
export function profileFields(body: Record<string, unknown>): { set: Partial<Record<ProfileField, string>>; unset: ProfileField[] } {
  const set: Partial<Record<ProfileField, string>> = {};
  const unset: ProfileField[] = [];
  for (const field of PROFILE_FIELDS) {
    const value = body[field];
    if (value === undefined) continue;
    if (value === null) unset.push(field);
    else if (typeof value === 'string' && textLength(value) <= MAX_TEXT_LENGTH) set[field] = value;
    else throw new DomainError('users', 'Invalid Data', `${field} must be a string of at most ${MAX_TEXT_LENGTH} characters, or null`);
  }
  if (set.email !== undefined && !EMAIL.test(set.email)) throw new DomainError('users', 'Invalid Data', 'email is not an e-mail address');
  return { set, unset };
}
