import type { OptionViewShape } from '../options/tenant-option-view';
import type { RateLimits } from './token-bucket';

/** The tenant-option category that overrides the platform's default limits for one tenant. */
export const RATE_LIMIT_CATEGORY = 'rate.limit';
/** Option keys within the category, and the field of `RateLimits` each one sets. */
export const RATE_LIMIT_KEYS = { 'requests.per.second': 'perSecond', 'queue.length': 'queue' } as const;
export type RateLimitKey = keyof typeof RATE_LIMIT_KEYS;

/** Highest values an option may set; the platform default's bounds are the same. */
export const MAX_PER_SECOND = 1_000_000;
export const MAX_QUEUE = 100_000;

/**
 * The number an option value sets, or undefined when the value is not acceptable (the caller
 * then keeps the default): `requests.per.second` a decimal number above 0 and at most
 * 1,000,000 (fractions allowed: `0.5` is one request every two seconds); `queue.length` a whole
 * number from 0 (no queue: over the rate is refused at once) to 100,000. Surrounding blanks are ignored.
 */
export function parseRateLimitOption(key: RateLimitKey, value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^\s*\d+(\.\d+)?\s*$/.test(value)) return undefined;
  const n = Number(value);
  if (key === 'requests.per.second') return n > 0 && n <= MAX_PER_SECOND ? n : undefined;
  return Number.isInteger(n) && n <= MAX_QUEUE ? n : undefined;
}

/** The limits a tenant gets: each option that parses, else the platform default for that field. */
export function limitsFrom(defaults: RateLimits, options: Partial<Record<RateLimitKey, unknown>>): RateLimits {
  const limits = { ...defaults };
  for (const key of Object.keys(RATE_LIMIT_KEYS) as RateLimitKey[]) {
    const n = options[key] === undefined ? undefined : parseRateLimitOption(key, options[key]);
    if (n !== undefined) limits[RATE_LIMIT_KEYS[key]] = n;
  }
  return limits;
}

/** The view of a tenant's `rate.limit` options: its limits, each field the option's or the default. */
export function rateLimitShape(defaults: RateLimits): OptionViewShape<RateLimits> {
  return { category: RATE_LIMIT_CATEGORY, keys: Object.keys(RATE_LIMIT_KEYS), build: (values) => limitsFrom(defaults, values) };
}
