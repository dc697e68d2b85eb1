import { useState } from 'react';
import type { Client } from '@c8y/client';
import { ErrorBanner } from '../../components/feedback';
import { Field } from '../../components/field';
import { PagedList } from '../../components/paged-table';
import { Table, type Column } from '../../components/table';
import { useAction, useLoad, useSession } from '../../hooks';
import { pageParams, readAllPages } from '../../paging';
import { href, type Route } from '../../routing';
import {
  editableBody, groupByCategory, isLocked, isManagementTenant, isSecretKey, optionFilterFromQuery, optionId, OPTIONS_PAGE_SIZE, shownValue,
  type OptionFilter, type OptionRow,
} from './option-model';
import { OptionForm } from './option-form';
import { requestJson } from '../../rest';
import { SystemOptions } from './system-options';

interface OptionPage { options: OptionRow[]; totalPages?: number }

/** One page of the tenant's options; with a category, every option of that category (the platform filters by none). */
async function loadOptions(client: Client, filter: OptionFilter): Promise<OptionPage> {
  if (!filter.category) {
    const { data, paging } = await client.options.tenant.list(pageParams(filter.page, OPTIONS_PAGE_SIZE));
    return { options: data, totalPages: paging?.totalPages };
  }
  const all = await readAllPages((params) => client.options.tenant.list(params).then((r) => r.data));
  return { options: all.filter((o) => o.category === filter.category) };
}

/** The tenant's options by category, with create, edit, delete and (management tenant) locking; the system options below. */
export function OptionsPage({ route }: { route: Route }) {
  const { client } = useSession();
  const filter = optionFilterFromQuery(route.query);
  const current = useLoad(() => client.tenant.current().then((r) => r.data), 'current-tenant');
  const list = useLoad(() => loadOptions(client, filter), JSON.stringify(filter));
  const [form, setForm] = useState<{ editing?: OptionRow } | undefined>();
  const [deleting, setDeleting] = useState<string>();
  const [locked, setLocked] = useState<Record<string, boolean>>({});
  const action = useAction();
  const management = isManagementTenant(current.data);
  const go = (next: Partial<OptionFilter>) => { window.location.hash = href(['options'], { ...filter, page: 1, ...next }); };
  const lockedNow = (o: OptionRow) => locked[optionId(o)] ?? isLocked(o);

  const remove = async (o: OptionRow) => {
    if (await action.run(() => client.options.tenant.delete(o))) {
      setDeleting(undefined);
      list.reload();
    }
  };
  const setEditable = async (o: OptionRow, editable: boolean) => {
    const path = `/tenant/options/${encodeURIComponent(o.category)}/${encodeURIComponent(o.key)}/editable`;
    if (await action.run(() => requestJson(client, path, { method: 'PUT', body: editableBody(editable) }))) setLocked((l) => ({ ...l, [optionId(o)]: !editable }));
  };

  const columns: Column<OptionRow>[] = [
    { title: 'Key', cell: (o) => o.key },
    { title: 'Value', cell: (o) => <span className={isSecretKey(o.key) ? 'value secret' : 'value'}>{shownValue(o)}</span> },
    {
      title: 'Actions',
      cell: (o) => (
        <div className="row-actions">
          {lockedNow(o) && <span className="badge">Locked (read-only)</span>}
          {!lockedNow(o) && deleting !== optionId(o) && (
            <>
              <button type="button" aria-label={`Edit ${optionId(o)}`} onClick={() => setForm({ editing: o })}>Edit</button>
              <button type="button" className="danger" aria-label={`Delete ${optionId(o)}`} onClick={() => setDeleting(optionId(o))}>Delete</button>
            </>
          )}
          {deleting === optionId(o) && (
            <>
              <button type="button" className="danger" onClick={() => remove(o)} disabled={action.busy}>Confirm deleting {optionId(o)}</button>
              <button type="button" onClick={() => setDeleting(undefined)}>Keep it</button>
            </>
          )}
          {management && (
            <label className="switch">
              <input type="checkbox" role="switch" checked={!lockedNow(o)} onChange={(e) => setEditable(o, e.target.checked)} disabled={action.busy} />
              Editable<span className="visually-hidden"> {optionId(o)}</span>
            </label>
          )}
        </div>
      ),
    },
  ];

  return (
    <section aria-labelledby="options-title">
      <div className="title-row">
        <h1 id="options-title">Options</h1>
        <button type="button" className="primary" onClick={() => setForm({})} disabled={!!form}>Create option</button>
      </div>
      {form && (
        <OptionForm key={form.editing ? optionId(form.editing) : 'new'} editing={form.editing}
          onDone={(saved) => { setForm(undefined); if (saved) list.reload(); }} />
      )}
      <ErrorBanner message={action.error} onDismiss={action.clear} />
      <CategoryFilter category={filter.category} onChange={(category) => go({ category })} />
      <ErrorBanner message={list.error} />
      {/* A category's options are read whole: that list is not paged. */}
      <PagedList rows={list.data?.options} loading={list.loading} loadingWhat="options"
        emptyText={filter.category ? `The tenant has no option in category ${filter.category}.` : 'The tenant has no options.'}
        page={filter.page} totalPages={list.data?.totalPages} pageSize={OPTIONS_PAGE_SIZE} onPage={filter.category ? undefined : (page) => go({ page })}>
        {(rows) => groupByCategory(rows).map((group) => (
          <section key={group.category} aria-labelledby={`category-${group.category}`} className="option-group">
            <h2 id={`category-${group.category}`}>{group.category}</h2>
            <Table caption={`Options of category ${group.category}`} columns={columns} rows={group.options} rowKey={optionId} />
          </section>
        ))}
      </PagedList>
      <SystemOptions />
    </section>
  );
}

function CategoryFilter({ category, onChange }: { category?: string; onChange(category?: string): void }) {
  const [text, setText] = useState(category ?? '');
  return (
    <form className="filters" role="search" aria-label="Filter options" onSubmit={(e) => { e.preventDefault(); onChange(text.trim() || undefined); }}>
      <Field label="Category">{(id) => <input id={id} value={text} onChange={(e) => setText(e.target.value)} />}</Field>
      <button type="submit">Filter</button>
      {category && <button type="button" onClick={() => { setText(''); onChange(undefined); }}>All categories</button>}
    </form>
  );
}
