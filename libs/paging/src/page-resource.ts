import type { PageQuery, QueryParams } from './page-query';

export interface PagingStatistics {
  pageSize: number;
  currentPage: number;
  /** Present with `withTotalPages`; always null in restricted-access paging. */
  totalPages?: number | null;
}

export interface PageLinks {
  self: string;
  statistics: PagingStatistics;
  next?: string;
  prev?: string;
}

export interface PageInput {
  /** The public base URL, e.g. `https://berth.example.com` (no trailing slash needed). */
  baseUrl: string;
  /** The collection's path, e.g. `/application/applications`. */
  path: string;
  /** The request's query; every parameter but the page number is kept in the links. */
  query: QueryParams;
  page: PageQuery;
  /** How many items this page holds. */
  count: number;
  /** All matching records; needed only with `withTotalPages`. */
  total?: number;
}

/**
 * `self`, `statistics` and the `next`/`prev` links of a collection page. `next` appears when
 * more pages may exist: the page is full, or the total says so. A page past the end is simply
 * empty (200), with `prev`.
 */
export function pageLinks(input: PageInput): PageLinks {
  const { page } = input;
  const totalPages = input.total === undefined ? undefined : Math.ceil(input.total / page.pageSize);
  const statistics: PagingStatistics = {
    pageSize: page.pageSize,
    currentPage: page.currentPage,
    ...(page.withTotalPages && totalPages !== undefined ? { totalPages } : {}),
  };
  const more = totalPages === undefined ? input.count >= page.pageSize : page.currentPage < totalPages;
  return {
    self: pageUrl(input, page.currentPage),
    statistics,
    ...(more ? { next: pageUrl(input, page.currentPage + 1) } : {}),
    ...(page.currentPage > 1 ? { prev: pageUrl(input, page.currentPage - 1) } : {}),
  };
}

/** The URL of the collection at `currentPage`, keeping every other query parameter. */
export function pageUrl({ baseUrl, path, query, page }: Pick<PageInput, 'baseUrl' | 'path' | 'query' | 'page'>, currentPage: number): string {
  // Relative to the base, so a base URL with a path prefix keeps it.
  const url = new URL(path.replace(/^\//, ''), baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  for (const [name, value] of Object.entries(query)) {
    if (name === 'currentPage' || name === 'pageSize' || value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) url.searchParams.append(name, v);
  }
  url.searchParams.set('pageSize', String(page.pageSize));
  url.searchParams.set('currentPage', String(currentPage));
  return url.toString();
}
