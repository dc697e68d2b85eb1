/** A data table with a caption for screen readers. */
export interface Column<T> { title: string; cell(row: T): React.ReactNode }

export function Table<T>({ caption, columns, rows, rowKey }: { caption: string; columns: Column<T>[]; rows: readonly T[]; rowKey(row: T): string }) {
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
