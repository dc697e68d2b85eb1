import { useState } from 'react';
import { Empty, ErrorBanner, Loading } from '../../components/feedback';
import { Pager, Table, type Column } from '../../components/table';
import { useLoad, useSession } from '../../hooks';
import { pageParams, shownValue, type OptionRow } from './option-model';

const COLUMNS: Column<OptionRow>[] = [
  { title: 'Category', cell: (o) => o.category },
  { title: 'Key', cell: (o) => o.key },
  { title: 'Value', cell: (o) => shownValue(o) },
];

/** The platform's own options (`/tenant/system/options`): everyone reads them, the console never writes them. */
export function SystemOptions() {
  const { client } = useSession();
  const [page, setPage] = useState(1);
  const list = useLoad(() => client.options.system.list(pageParams(page)), String(page));
  const totalPages = list.data?.paging?.totalPages;
  return (
    <section aria-labelledby="system-options-title" className="system-options">
      <h2 id="system-options-title">System options</h2>
      <p className="hint">The platform's own settings, written by the management tenant: read-only here.</p>
      <ErrorBanner message={list.error} />
      {list.loading && !list.data && <Loading what="system options" />}
      {list.data && list.data.data.length === 0 && <Empty>There are no system options.</Empty>}
      {list.data && list.data.data.length > 0 && (
        <>
          <Table caption="System options (read-only)" columns={COLUMNS} rows={list.data.data as OptionRow[]} rowKey={(o) => `${o.category}/${o.key}`} />
          <Pager page={page} totalPages={totalPages} hasNext={totalPages ? page < totalPages : false} onPage={setPage} />
        </>
      )}
    </section>
  );
}
