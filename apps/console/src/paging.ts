/** Paging of the platform's collections (`pageSize`, `currentPage` from 1, `withTotalPages`), kept in the page's URL as `page`. */
export const PAGE_SIZE = 10;

/** The page number a URL asks for; anything but a whole number from 1 is the first page. */
export function pageOf(query: URLSearchParams): number {
  const page = Number(query.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** The query parameters asking the platform for one page with its total. */
export function pageParams(page: number, pageSize = PAGE_SIZE): { pageSize: number; currentPage: number; withTotalPages: true } {
  return { pageSize, currentPage: page, withTotalPages: true };
}

/** Whether a later page exists: by the platform's count when it gave one, else when this page came back full. */
export function hasNextPage(page: number, rows: number, totalPages?: number, pageSize = PAGE_SIZE): boolean {
  return totalPages !== undefined ? page < totalPages : rows >= pageSize;
}
