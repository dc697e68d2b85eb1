import { useState } from 'react';
import type { IApplication } from '@c8y/client';
import { ErrorBanner } from '../../components/feedback';
import { Field } from '../../components/field';
import { PagedTable } from '../../components/paged-table';
import type { Column } from '../../components/table';
import { useLoad, useSession } from '../../hooks';
import { href, type Route } from '../../routing';
import { APPLICATION_TYPES, filterFromQuery, listParams, type ApplicationFilter } from './application-query';
import { CreateApplication } from './create-application';

const COLUMNS: Column<IApplication>[] = [
  { title: 'Name', cell: (a) => <a href={href(['applications', String(a.id)])}>{a.name}</a> },
  { title: 'Type', cell: (a) => a.type },
  { title: 'Availability', cell: (a) => a.availability },
  { title: 'Owner', cell: (a) => a.owner?.tenant?.id },
  { title: 'Context path', cell: (a) => a.contextPath },
  { title: 'Active version', cell: (a) => versionName(a) },
];

/** The applications the tenant can see, filtered and paged, and the form to create one. */
export function ApplicationsPage({ route }: { route: Route }) {
  const { client } = useSession();
  const filter = filterFromQuery(route.query);
  const [creating, setCreating] = useState(false);
  const list = useLoad(() => client.application.list(listParams(filter)), JSON.stringify(filter));
  const go = (next: Partial<ApplicationFilter>) => { window.location.hash = href(['applications'], { ...filter, page: 1, ...next }); };

  return (
    <section aria-labelledby="applications-title">
      <div className="title-row">
        <h1 id="applications-title">Applications</h1>
        <button type="button" className="primary" onClick={() => setCreating(true)} disabled={creating}>Create application</button>
      </div>
      {creating && <CreateApplication onDone={(id) => { setCreating(false); if (id) window.location.hash = href(['applications', id]); else list.reload(); }} />}
      <Filters filter={filter} onChange={go} />
      <ErrorBanner message={list.error} />
      <PagedTable caption="Applications" columns={COLUMNS} rows={list.data?.data} rowKey={(a) => String(a.id)}
        loading={list.loading} loadingWhat="applications" emptyText="No application matches these filters."
        page={filter.page} totalPages={list.data?.paging?.totalPages} onPage={(page) => go({ page })} />
    </section>
  );
}

function Filters({ filter, onChange }: { filter: ApplicationFilter; onChange(next: Partial<ApplicationFilter>): void }) {
  const [name, setName] = useState(filter.name ?? '');
  const [owner, setOwner] = useState(filter.owner ?? '');
  return (
    <form className="filters" onSubmit={(e) => { e.preventDefault(); onChange({ name: name.trim() || undefined, owner: owner.trim() || undefined }); }}>
      <Field label="Name">{(id) => <input id={id} value={name} onChange={(e) => setName(e.target.value)} />}</Field>
      <Field label="Type">
        {(id) => (
          <select id={id} value={filter.type ?? ''} onChange={(e) => onChange({ type: e.target.value || undefined })}>
            <option value="">Any type</option>
            {APPLICATION_TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
          </select>
        )}
      </Field>
      <Field label="Owner tenant">{(id) => <input id={id} value={owner} onChange={(e) => setOwner(e.target.value)} />}</Field>
      <button type="submit">Filter</button>
    </form>
  );
}

function versionName(app: IApplication): string | undefined {
  const active = app.activeVersionId;
  return active ? app.applicationVersions?.find((v) => v.binaryId === active)?.version ?? active : undefined;
}
