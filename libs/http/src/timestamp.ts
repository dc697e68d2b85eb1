import { DomainError } from './domain-error';

/** A timestamp as the client sent it, and the instant it names. */
export interface Timestamp { date: Date; raw: string }

/** `YYYY-MM-DDThh:mm:ss[.fraction](Z|±hh:mm)`: a timestamp always carries its time zone (docs/api/conventions.md). */
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-](\d{2}):(\d{2}))$/;
/** The same with a space where the zone's `+` was: what an unencoded `+` in a query string becomes. */
const UNENCODED_PLUS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})? \d{2}:\d{2}$/;

/**
 * Parses a timestamp query parameter or body field named `name`. It must carry its time zone
 * (`Z` or `±hh:mm`) and name a real calendar instant.
 * @throws DomainError 422 (`<resource>/Unprocessable Entity`) naming the parameter otherwise; a
 * `+` that arrived unencoded (a space) is refused with a hint to send it as `%2B`.
 */
export function parseTimestamp(value: unknown, name: string, resource = 'general'): Timestamp {
  const invalid = (why: string) => new DomainError(resource, 'Unprocessable Entity',
    `${name} must be a timestamp with a time zone, e.g. 2026-01-01T10:00:00+01:00 or 2026-01-01T09:00:00Z: ${why}`);
  if (typeof value !== 'string') throw invalid(`got ${value === null ? 'null' : typeof value}`);
  const raw = value.trim();
  if (UNENCODED_PLUS.test(raw)) {
    throw new DomainError(resource, 'Unprocessable Entity',
      `${name} "${value}" has a space where its time zone's sign should be; encode + as %2B in URLs`);
  }
  const m = TIMESTAMP.exec(raw);
  if (!m) throw invalid(`got "${value}"`);
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number);
  const [zoneHours, zoneMinutes] = [Number(m[9] ?? 0), Number(m[10] ?? 0)];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (month < 1 || month > 12 || calendar.getUTCDate() !== day || calendar.getUTCMonth() !== month - 1
    || hour > 23 || minute > 59 || second > 59 || zoneHours > 23 || zoneMinutes > 59) {
    throw invalid(`"${value}" is not a real date and time`);
  }
  return { date: new Date(Date.parse(raw)), raw };
}

/**
 * The timestamp query parameter `name`, or undefined when absent or empty. A repeated parameter
 * counts by its last value. @throws DomainError 422 as parseTimestamp does.
 */
export function timestampParam(query: Record<string, string | string[] | undefined>, name: string, resource?: string): Timestamp | undefined {
  const value = query[name];
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  return last === undefined || last === '' ? undefined : parseTimestamp(last, name, resource);
}
