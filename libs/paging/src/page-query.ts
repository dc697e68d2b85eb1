import { DomainError } from '@berth/http';

export const DEFAULT_PAGE_SIZE = 5;
export const MAX_PAGE_SIZE = 2000;

export type QueryParams = Record<string, string | string[] | undefined>;

/** The paging parameters of a collection GET: `pageSize` (default 5, at most 2000), `currentPage` (from 1), `withTotalPages` (docs/api/conventions.md). */
export interface PageQuery {
  pageSize: number;
  currentPage: number;
  withTotalPages: boolean;
  /** Documents to skip before this page. */
  skip: number;
}

/**
 * Reads `pageSize` (default 5, cut to 2000), `currentPage` (from 1) and `withTotalPages`.
 * A value that is not a positive integer, or not a boolean, is the client's mistake: 422.
 */
export function parsePageQuery(query: QueryParams): PageQuery {
  const pageSize = Math.min(positiveInt(query, 'pageSize') ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const currentPage = positiveInt(query, 'currentPage') ?? 1;
  const withTotalPages = bool(query, 'withTotalPages') ?? false;
  return { pageSize, currentPage, withTotalPages, skip: (currentPage - 1) * pageSize };
}

/** A parameter given more than once counts by its last value, and every value must be valid (`read` throws on a bad one). */
function lastValid<T>(query: QueryParams, name: string, read: (raw: string) => T | undefined): T | undefined {
  const value = query[name];
  const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return values.map(read).at(-1);
}

function positiveInt(query: QueryParams, name: string): number | undefined {
  return lastValid(query, name, (raw) => {
    if (raw === '') return undefined;
    if (!/^\d+$/.test(raw.trim()) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw))) {
      throw new DomainError('paging', 'Unprocessable Entity', `${name} must be a positive integer, got "${raw}"`);
    }
    return Number(raw);
  });
}

function bool(query: QueryParams, name: string): boolean | undefined {
  return lastValid(query, name, (raw) => {
    if (raw === '') return undefined;
    const value = raw.trim().toLowerCase();
    if (value !== 'true' && value !== 'false') {
      throw new DomainError('paging', 'Unprocessable Entity', `${name} must be true or false, got "${raw}"`);
    }
    return value === 'true';
  });
}
