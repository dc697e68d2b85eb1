import { hasNextPage, PAGE_SIZE } from '../paging';
import { Empty, Loading } from './feedback';
import { Table, type Column } from './table';

/** Where a list stands in a paged collection; without `onPage` the list is shown whole, with no pager. */
export interface Paging {
  page?: number;
  /** The platform's count of pages, when it gave one. */
  totalPages?: number;
  pageSize?: number;
  onPage?(page: number): void;
}

/**
 * A list the way every page shows one: loading until the first rows arrive, a text when there are none,
 * else what `children` renders of the rows; the pager under it on a page with rows or past the first.
 */
export function PagedList<T>({ rows, loading, loadingWhat, emptyText, page = 1, totalPages, pageSize = PAGE_SIZE, onPage, children }: Paging & {
  rows?: readonly T[]; loading: boolean; loadingWhat: string; emptyText: React.ReactNode; children(rows: readonly T[]): React.ReactNode;
}) {
  if (!rows) return loading ? <Loading what={loadingWhat} /> : null;
  return (
    <>
      {rows.length === 0 ? <Empty>{emptyText}</Empty> : children(rows)}
      {onPage && (rows.length > 0 || page > 1) && (
        <Pager page={page} totalPages={totalPages} hasNext={hasNextPage(page, rows.length, totalPages, pageSize)} onPage={onPage} />
      )}
    </>
  );
}

/** A paged list shown as one table. */
export function PagedTable<T>({ caption, columns, rowKey, ...list }: Paging & {
  caption: string; columns: Column<T>[]; rowKey(row: T): string;
  rows?: readonly T[]; loading: boolean; loadingWhat: string; emptyText: React.ReactNode;
}) {
  return <PagedList {...list}>{(rows) => <Table caption={caption} columns={columns} rows={rows} rowKey={rowKey} />}</PagedList>;
}

/** Previous / next over a paged collection (`currentPage` from 1; `totalPages` when the platform counted them). */
function Pager({ page, totalPages, hasNext, onPage }: { page: number; totalPages?: number; hasNext: boolean; onPage(page: number): void }) {
  return (
    <nav className="pager" aria-label="Pages">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>Previous</button>
      <span>Page {page}{totalPages ? ` of ${totalPages}` : ''}</span>
      <button type="button" disabled={!hasNext} onClick={() => onPage(page + 1)}>Next</button>
    </nav>
  );
}
