import { useState } from 'react';
import { ErrorBanner } from '../../components/feedback';
import { PagedTable } from '../../components/paged-table';
import type { Column } from '../../components/table';
import { useLoad, useSession } from '../../hooks';
import { pageParams } from '../../paging';
import { optionId, OPTIONS_PAGE_SIZE, shownValue, type OptionRow } from './option-model';

const COLUMNS: Column<OptionRow>[] = [
  { title: 'Category', cell: (o) => o.category },
  { title: 'Key', cell: (o) => o.key },
  { title: 'Value', cell: (o) => shownValue(o) },
];

/** The platform's own options (`/tenant/system/options`): everyone reads them, the console never writes them. */
export function SystemOptions() {
  const { client } = useSession();
  const [page, setPage] = useState(1);
  const list = useLoad(() => client.options.system.list(pageParams(page, OPTIONS_PAGE_SIZE)), String(page));
  return (
    <section aria-labelledby="system-options-title" className="system-options">
      <h2 id="system-options-title">System options</h2>
      <p className="hint">The platform's own settings, written by the management tenant: read-only here.</p>
      <ErrorBanner message={list.error} />
      <PagedTable caption="System options (read-only)" columns={COLUMNS} rows={list.data?.data as OptionRow[] | undefined} rowKey={optionId}
        loading={list.loading} loadingWhat="system options" emptyText="There are no system options."
        page={page} totalPages={list.data?.paging?.totalPages} pageSize={OPTIONS_PAGE_SIZE} onPage={setPage} />
    </section>
  );
}
