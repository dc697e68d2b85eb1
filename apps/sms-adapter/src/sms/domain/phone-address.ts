import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * The E.164 number (`+4915112345678`) of a OneAPI address `tel:+4915112345678`, or undefined when
 * `value` is not `tel:` followed by a valid international number.
 */
export function e164Of(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('tel:')) return undefined;
  const digits = value.slice(4);
  if (!/^\+[1-9]\d{1,14}$/.test(digits)) return undefined;
  const parsed = parsePhoneNumberFromString(digits);
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
