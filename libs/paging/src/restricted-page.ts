import type { PageQuery, QueryParams } from './page-query';
import { PageLinks, pageUrl } from './page-resource';

export interface RestrictedPageInput<T> {
  /** The public base URL, e.g. `https://berth.example.com`. */
  baseUrl: string;
  /** The collection's path, e.g. `/application/applications`. */
  path: string;
  /** The request's query; every parameter but `currentPage` and `pageSize` is kept in the links. */
  query: QueryParams;
  page: PageQuery;
  /**
   * The collection in its listing order, skipping the first `offset` documents (for MongoDB a
   * cursor with `.sort(…).skip(offset)`). It is closed once the page is done, possibly early.
   */
  open: (offset: number) => AsyncIterable<T>;
  /** Whether the caller may see a document. */
  accessible: (doc: T) => boolean | Promise<boolean>;
}

export interface RestrictedPage<T> extends PageLinks { items: T[] }

/** How many documents one restricted-access request may go through (docs/api/conventions.md). */
export function restrictedScanLimit(pageSize: number): number {
  return 10 * Math.max(pageSize, 100);
}

/**
 * A page for a caller who may see only some documents of a collection (restricted-access
 * paging, docs/api/conventions.md); a query handler calls it instead of `pageLinks` when the caller
 * has no global read role. It goes through at most `restrictedScanLimit(pageSize)` documents,
 * from the request's `currentPage`, keeping the accessible ones until the page is full.
 *
 * `currentPage` is a position, not a page number: the request's value is where the scan starts
 * (1 = the first document, so the default starts at the beginning) and `statistics.currentPage`
 * is the position of the first document not yet gone through, which `next` carries so that the
 * following request resumes there. The page may hold fewer than `pageSize` items though more
 * are accessible; `next` appears whenever the collection was not seen to end, even if nothing
 * accessible is left; `prev` starts one scan limit earlier. `totalPages` is always null,
 * `withTotalPages` notwithstanding. Errors of `open` or `accessible` propagate unchanged.
 */
export async function restrictedPage<T>(input: RestrictedPageInput<T>): Promise<RestrictedPage<T>> {
  const { page } = input;
  const limit = restrictedScanLimit(page.pageSize);
  const items: T[] = [];
  let scanned = 0;
  let ended = false;
  const documents = input.open(page.currentPage - 1)[Symbol.asyncIterator]();
  try {
    while (scanned < limit) {
      const next = await documents.next();
      if (next.done) {
        ended = true;
        break;
      }
      if (items.length === page.pageSize) break;
      scanned++;
      if (await input.accessible(next.value)) items.push(next.value);
    }
  } finally {
    if (!ended) await documents.return?.();
  }
  const resumeAt = page.currentPage + scanned;
  return {
    items,
    self: pageUrl(input, page.currentPage),
    statistics: { pageSize: page.pageSize, currentPage: resumeAt, totalPages: null },
    ...(ended ? {} : { next: pageUrl(input, resumeAt) }),
    ...(page.currentPage > 1 ? { prev: pageUrl(input, Math.max(1, page.currentPage - limit)) } : {}),
  };
}
