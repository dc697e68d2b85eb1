/** A data table with a caption for screen readers, and the pager under it. */
export interface Column<T> { title: string; cell(row: T): React.ReactNode }

export function Table<T>({ caption, columns, rows, rowKey }: { caption: string; columns: Column<T>[]; rows: T[]; rowKey(row: T): string }) {
  return (
    <table>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>{columns.map((c) => <th key={c.title} scope="col">{c.title}</th>)}</tr>
      </thead>
      <tbody>
        {rows.map((row) => <tr key={rowKey(row)}>{columns.map((c) => <td key={c.title}>{c.cell(row)}</td>)}</tr>)}
      </tbody>
    </table>
  );
}

/** Previous / next over a paged collection (`currentPage` from 1; `totalPages` when the platform counted them). */
export function Pager({ page, totalPages, hasNext, onPage }: { page: number; totalPages?: number; hasNext: boolean; onPage(page: number): void }) {
  return (
    <nav className="pager" aria-label="Pages">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>Previous</button>
      <span>Page {page}{totalPages ? ` of ${totalPages}` : ''}</span>
      <button type="button" disabled={!hasNext} onClick={() => onPage(page + 1)}>Next</button>
    </nav>
  );
}
