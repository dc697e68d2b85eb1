/** Paging of the platform's collections (`pageSize`, `currentPage` from 1, `withTotalPages`), kept in the page's URL as `page`. */
export const PAGE_SIZE = 10;
/** The most the platform answers in one page (docs/api/conventions.md): what a page reads whole is read at this size. */
export const WHOLE_PAGE_SIZE = 2000;

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

/** Every item of a collection: reads page after page (`readPage` gets the query of one) until a page comes back short. */
export async function readAllPages<T>(
  readPage: (params: { pageSize: number; currentPage: number }) => Promise<readonly T[]>, pageSize = WHOLE_PAGE_SIZE,
): Promise<T[]> {
  const all: T[] = [];
  for (let currentPage = 1; ; currentPage++) {
    const items = await readPage({ pageSize, currentPage });
    all.push(...items);
    if (items.length < pageSize) return all;
  }
}
