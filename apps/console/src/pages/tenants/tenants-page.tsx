import { useState } from 'react';
import type { ITenant } from '@c8y/client';
import { ConfirmButton } from '../../components/confirm';
import { ErrorBanner } from '../../components/feedback';
import { Field } from '../../components/field';
import { PagedTable } from '../../components/paged-table';
import type { Column } from '../../components/table';
import { useAction, useLoad, useSession } from '../../hooks';
import { pageOf, pageParams } from '../../paging';
import { href, type Route } from '../../routing';

/** The management tenant's view of its tenants (docs/api/tenants-users-auth.md#tenants): list, create, delete; a tenant's page edits it. */
export function TenantsPage({ route }: { route: Route }) {
  const { client } = useSession();
  const page = pageOf(route.query);
  const [creating, setCreating] = useState(false);
  const list = useLoad(() => client.tenant.list(pageParams(page)), String(page));
  const remove = useAction();
  const columns: Column<ITenant>[] = [
    { title: 'ID', cell: (t) => <a href={href(['tenants', String(t.id)])}>{t.id}</a> },
    { title: 'Company', cell: (t) => t.company },
    { title: 'Domain', cell: (t) => t.domain },
    { title: 'Status', cell: (t) => t.status },
    { title: 'Parent', cell: (t) => t.parent },
    {
      title: 'Actions',
      cell: (t) => (
        <ConfirmButton label="Delete" question={`Delete tenant ${t.id} (${t.domain})?`} disabled={remove.busy}
          onConfirm={() => remove.run(() => client.tenant.delete(String(t.id))).then(async (ok) => { if (ok) await list.reload(); })} />
      ),
    },
  ];

  return (
    <section aria-labelledby="tenants-title" aria-busy={list.loading}>
      <div className="title-row">
        <h1 id="tenants-title">Tenants</h1>
        <button type="button" className="primary" onClick={() => setCreating(true)} disabled={creating}>Create tenant</button>
      </div>
      {creating && <CreateTenant onDone={(created) => { setCreating(false); if (created) list.reload(); }} />}
      <ErrorBanner message={list.error} />
      <ErrorBanner message={remove.error} onDismiss={remove.clear} />
      <PagedTable caption="Tenants" columns={columns} rows={list.data?.data} rowKey={(t) => String(t.id)}
        loading={list.loading} loadingWhat="tenants" emptyText="There are no tenants on this page."
        page={page} totalPages={list.data?.paging?.totalPages} onPage={(next) => { window.location.hash = href(['tenants'], { page: next }); }} />
    </section>
  );
}

/** A new subtenant with its first user (the admin). */
function CreateTenant({ onDone }: { onDone(created: boolean): void }) {
  const { client } = useSession();
  const [tenant, setTenant] = useState({ company: '', domain: '', adminName: '', adminEmail: '', adminPass: '' });
  const action = useAction();
  const set = (name: keyof typeof tenant) => (e: React.ChangeEvent<HTMLInputElement>) => setTenant((t) => ({ ...t, [name]: e.target.value }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const body: ITenant = {
      domain: tenant.domain.trim(), adminName: tenant.adminName.trim(), adminPass: tenant.adminPass,
      ...(tenant.company.trim() ? { company: tenant.company.trim() } : {}),
      ...(tenant.adminEmail.trim() ? { adminEmail: tenant.adminEmail.trim() } : {}),
    };
    if (await action.run(() => client.tenant.create(body))) onDone(true);
  }

  return (
    <form className="card" onSubmit={submit} aria-labelledby="create-tenant-title">
      <h2 id="create-tenant-title">Create tenant</h2>
      <ErrorBanner message={action.error} />
      <Field label="Company" hint="Defaults to the domain">{(id) => <input id={id} value={tenant.company} onChange={set('company')} />}</Field>
      <Field label="Domain">{(id) => <input id={id} value={tenant.domain} onChange={set('domain')} required />}</Field>
      <Field label="Administrator's user name">{(id) => <input id={id} value={tenant.adminName} onChange={set('adminName')} autoComplete="off" required />}</Field>
      <Field label="Administrator's email">{(id) => <input id={id} type="email" value={tenant.adminEmail} onChange={set('adminEmail')} />}</Field>
      <Field label="Administrator's password" hint="8 to 128 characters mixing at least two kinds: lower case, upper case, digits, others">
        {(id) => <input id={id} type="password" value={tenant.adminPass} onChange={set('adminPass')} autoComplete="new-password" required />}
      </Field>
      <div className="actions">
        <button type="submit" className="primary" disabled={action.busy}>Create</button>
        <button type="button" onClick={() => onDone(false)}>Cancel</button>
      </div>
    </form>
  );
}
