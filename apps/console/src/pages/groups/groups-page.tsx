import { useState } from 'react';
import type { IUserGroup } from '@c8y/client';
import { Assignments } from '../../components/assignments';
import { ConfirmButton } from '../../components/confirm';
import { ErrorBanner, Loading } from '../../components/feedback';
import { Field } from '../../components/field';
import { PagedTable } from '../../components/paged-table';
import type { Column } from '../../components/table';
import { useAction, useLoad, useSession } from '../../hooks';
import { pageOf, pageParams, WHOLE_PAGE_SIZE } from '../../paging';
import { href, type Route } from '../../routing';
import { referencedIds } from '../users/user-form';

/**
 * The tenant's user groups (docs/api/tenants-users-auth.md#users): list, create, delete, and the roles
 * a group gives its members. The platform has no route to rename a group.
 */
export function GroupsPage({ route }: { route: Route }) {
  const { client } = useSession();
  const page = pageOf(route.query);
  const list = useLoad(() => client.userGroup.list(pageParams(page)), String(page));
  const remove = useAction();
  const columns: Column<IUserGroup>[] = [
    { title: 'Name', cell: (g) => <a href={href(['groups', String(g.id)])}>{g.name}</a> },
    { title: 'ID', cell: (g) => g.id },
    { title: 'Roles', cell: (g) => referencedIds(g.roles?.references, 'role').join(', ') },
    {
      title: 'Actions',
      cell: (g) => <ConfirmButton label="Delete" question={`Delete group ${g.name}?`} disabled={remove.busy}
        onConfirm={() => remove.run(() => client.userGroup.delete({ id: g.id })).then(async (ok) => { if (ok) await list.reload(); })} />,
    },
  ];

  return (
    <section aria-labelledby="groups-title" aria-busy={list.loading}>
      <h1 id="groups-title">Groups</h1>
      <CreateGroup onCreated={list.reload} />
      <ErrorBanner message={list.error} />
      <ErrorBanner message={remove.error} onDismiss={remove.clear} />
      <PagedTable caption="Groups" columns={columns} rows={list.data?.data} rowKey={(g) => String(g.id)}
        loading={list.loading} loadingWhat="groups" emptyText="There are no groups on this page."
        page={page} totalPages={list.data?.paging?.totalPages} onPage={(next) => { window.location.hash = href(['groups'], { page: next }); }} />
    </section>
  );
}

function CreateGroup({ onCreated }: { onCreated(): void }) {
  const { client } = useSession();
  const [name, setName] = useState('');
  const action = useAction();
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (await action.run(() => client.userGroup.create({ name: name.trim() }))) { setName(''); onCreated(); }
  }
  return (
    <form className="filters" onSubmit={submit} aria-label="Create group">
      <ErrorBanner message={action.error} onDismiss={action.clear} />
      <Field label="New group name">{(id) => <input id={id} value={name} onChange={(e) => setName(e.target.value)} required />}</Field>
      <button type="submit" className="primary" disabled={action.busy}>Create group</button>
    </form>
  );
}

/** One group: the roles it gives its members. */
export function GroupEditor({ id }: { id: string }) {
  const { client } = useSession();
  const group = useLoad(() => client.userGroup.detail(id).then((r) => r.data), id);
  const roles = useLoad(() => client.userRole.list({ pageSize: WHOLE_PAGE_SIZE }), 'roles');
  const refresh = (work: Promise<unknown>) => work.then(() => group.reload());
  return (
    <section aria-labelledby="group-title">
      <p><a href={href(['groups'])}>All groups</a></p>
      <h1 id="group-title">Group {group.data?.name ?? id}</h1>
      <ErrorBanner message={group.error ?? roles.error} />
      {(group.loading || roles.loading) && !(group.data && roles.data) && <Loading what="the group" />}
      {group.data && roles.data && (
        <Assignments title="Roles of the group's members" noun="role"
          held={referencedIds(group.data.roles?.references, 'role').map((r) => ({ id: r, label: r }))}
          available={roles.data.data.map((r) => ({ id: String(r.id), label: String(r.id) }))}
          onAdd={(role) => refresh(client.userGroup.addRoleToGroup(id, { self: roles.data!.data.find((r) => r.id === role)?.self ?? role }))}
          onRemove={(role) => refresh(client.userGroup.removeRoleFromGroup(id, role))} />
      )}
    </section>
  );
}
