import { DomainError } from '@berth/http';

/** Most days one request may ask for: about the 13 months the counts are kept. */
export const MAX_DAYS = 400;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/**
 * The UTC days (`YYYY-MM-DD`, oldest first) that the query parameters `dateFrom` and `dateTo`
 * span, both included. `dateTo` defaults to today (UTC), `dateFrom` to `dateTo`. A repeated
 * parameter counts by its last value; an empty one as absent.
 * @throws DomainError 422 (`general/Unprocessable Entity`) naming the parameter when a value is
 * not a real `YYYY-MM-DD` date, when `dateFrom` is after `dateTo`, or when the range spans more than 400 days.
 */
export function usageDays(query: Record<string, string | string[] | undefined>, now = new Date()): string[] {
  const to = dateParam(query, 'dateTo') ?? Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = dateParam(query, 'dateFrom') ?? to;
  if (from > to) throw invalid('dateFrom must not be after dateTo');
  const count = (to - from) / DAY_MS + 1;
  if (count > MAX_DAYS) throw invalid(`dateFrom to dateTo spans ${count} days; at most ${MAX_DAYS} may be asked for at once`);
  return Array.from({ length: count }, (_, i) => new Date(from + i * DAY_MS).toISOString().slice(0, 10));
}

function dateParam(query: Record<string, string | string[] | undefined>, name: string): number | undefined {
  const value = query[name];
  const raw = Array.isArray(value) ? value[value.length - 1] : value;
  if (raw === undefined || raw === '') return undefined;
  const m = DATE.exec(raw);
  const [year, month, day] = m ? m.slice(1).map(Number) : [0, 0, 0];
  const at = Date.UTC(year, month - 1, day);
  const date = new Date(at);
  if (!m || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw invalid(`${name} must be a date YYYY-MM-DD, e.g. 2026-01-31: got "${raw}"`);
  }
  return at;
}

const invalid = (message: string) => new DomainError('general', 'Unprocessable Entity', message);
