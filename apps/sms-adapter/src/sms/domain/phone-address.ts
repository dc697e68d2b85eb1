import { parsePhoneNumberFromString } from 'libphonenumber-js';

const E164 = '\\+[1-9][0-9]{1,14}';
/** A OneAPI address as a JSON Schema pattern: `tel:` and an E.164 number (which must also be a valid, assigned number). */
export const TEL_PATTERN = `^tel:${E164}$`;
/** An address in a path (decoded): the same, `tel:` optional. */
export const PATH_ADDRESS_PATTERN = `^(tel:)?${E164}$`;
const TEL = new RegExp(TEL_PATTERN);

/**
 * The E.164 number (`+4915112345678`) of a OneAPI address `tel:+4915112345678`, or undefined when
 * `value` is not `tel:` followed by a valid international number.
 */
export function e164Of(value: unknown): string | undefined {
  if (typeof value !== 'string' || !TEL.test(value)) return undefined;
  const parsed = parsePhoneNumberFromString(value.slice(4));
  return parsed?.isValid() ? parsed.number : undefined;
}

/** The OneAPI form of an E.164 number. */
export const telUri = (e164: string) => `tel:${e164}`;

/** A `tel:` address as it may arrive in a path (URL-encoded or not), normalised for lookups; undefined if not valid. */
export function addressFromPath(raw: string): string | undefined {
  let decoded = raw;
  try { decoded = decodeURIComponent(raw); } catch { return undefined; }
  return e164Of(decoded.startsWith('tel:') ? decoded : `tel:${decoded}`);
}
