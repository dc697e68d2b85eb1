import { useState } from 'react';
import type { IResultList, IUser } from '@c8y/client';
import { ConfirmButton } from '../../components/confirm';
import { ErrorBanner } from '../../components/feedback';
import { Field } from '../../components/field';
import { NameFilter } from '../../components/name-filter';
import { PagedTable } from '../../components/paged-table';
import type { Column } from '../../components/table';
import { useAction, useLoad, useSession } from '../../hooks';
import { pageOf, pageParams } from '../../paging';
import { RequestError } from '../../errors';
import { requestJson, seg } from '../../rest';
import { href, type Route } from '../../routing';
import { newUserBody, referencedIds, userFieldsOf, type UserFields } from './user-form';

/** The tenant's users (docs/api/tenants-users-auth.md#users): list, find by name, create, delete; a user's page edits it. */
interface Listed { users: IUser[]; totalPages?: number }

export function UsersPage({ route }: { route: Route }) {
  const { client, tenant } = useSession();
  const page = pageOf(route.query);
  const name = route.query.get('user') ?? '';
  const [creating, setCreating] = useState(false);
  const remove = useAction();
  // The platform lists users without a name filter; a name is looked up exactly (`userByName`).
  const list = useLoad<Listed>(async () => {
    if (name) {
      const found = await requestJson<IUser>(client, `/user/${seg(tenant)}/userByName/${seg(name)}`).catch((err: unknown) => {
        if (err instanceof RequestError && err.status === 404) return undefined;
        throw err;
      });
      return { users: found ? [found] : [] };
    }
    const result: IResultList<IUser> = await client.user.list(pageParams(page));
    return { users: result.data, totalPages: result.paging?.totalPages };
  }, `${page}/${name}`);

  const columns: Column<IUser>[] = [
    { title: 'User name', cell: (u) => <a href={href(['users', u.userName])}>{u.userName}</a> },
    { title: 'Name', cell: (u) => [u.firstName, u.lastName].filter(Boolean).join(' ') },
    { title: 'Email', cell: (u) => u.email },
    { title: 'Enabled', cell: (u) => (u.enabled === false ? 'No' : 'Yes') },
    { title: 'Roles', cell: (u) => referencedIds(u.roles?.references as { role?: { id?: string } }[], 'role').join(', ') },
    { title: 'Groups', cell: (u) => u.groups?.references.map((g) => g.group.name ?? g.group.id).join(', ') },
    {
      title: 'Actions',
      cell: (u) => <ConfirmButton label="Delete" question={`Delete user ${u.userName}?`} disabled={remove.busy}
        onConfirm={() => remove.run(() => client.user.delete(u.userName)).then(async (ok) => { if (ok) await list.reload(); })} />,
    },
  ];

  return (
    <section aria-labelledby="users-title" aria-busy={list.loading}>
      <div className="title-row">
        <h1 id="users-title">Users</h1>
        <button type="button" className="primary" onClick={() => setCreating(true)} disabled={creating}>Create user</button>
      </div>
      {creating && <CreateUser onDone={(userName) => { setCreating(false); if (userName) window.location.hash = href(['users', userName]); }} />}
      <NameFilter label="User name" hint="The exact name; empty lists every user" value={name} onSearch={(user) => { window.location.hash = href(['users'], { user }); }} />
      <ErrorBanner message={list.error} />
      <ErrorBanner message={remove.error} onDismiss={remove.clear} />
      {/* A name finds one user: that answer is not paged. */}
      <PagedTable caption="Users" columns={columns} rows={list.data?.users} rowKey={(u) => u.userName}
        loading={list.loading} loadingWhat="users" emptyText={name ? `There is no user named ${name}.` : 'There are no users on this page.'}
        page={page} totalPages={list.data?.totalPages} onPage={name ? undefined : (next) => { window.location.hash = href(['users'], { page: next }); }} />
    </section>
  );
}

/** A new user; `onDone` gets its name, or nothing when cancelled. */
function CreateUser({ onDone }: { onDone(userName?: string): void }) {
  const { client } = useSession();
  const [userName, setUserName] = useState('');
  const [fields, setFields] = useState<UserFields>(() => userFieldsOf({}));
  const action = useAction();
  const set = (name: keyof UserFields) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setFields((f) => ({ ...f, [name]: e.target.type === 'checkbox' ? e.target.checked : e.target.value }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (await action.run(() => client.user.create(newUserBody(userName, fields) as unknown as IUser))) onDone(userName.trim());
  }

  return (
    <form className="card" onSubmit={submit} aria-labelledby="create-user-title">
      <h2 id="create-user-title">Create user</h2>
      <ErrorBanner message={action.error} />
      <Field label="User name">{(id) => <input id={id} value={userName} onChange={(e) => setUserName(e.target.value)} autoComplete="off" required />}</Field>
      <Field label="Email">{(id) => <input id={id} type="email" value={fields.email} onChange={set('email')} />}</Field>
      <Field label="First name">{(id) => <input id={id} value={fields.firstName} onChange={set('firstName')} />}</Field>
      <Field label="Last name">{(id) => <input id={id} value={fields.lastName} onChange={set('lastName')} />}</Field>
      <Field label="Password" hint="8 to 128 characters mixing at least two kinds: lower case, upper case, digits, others; not the user name">
        {(id) => <input id={id} type="password" value={fields.password} onChange={set('password')} autoComplete="new-password" required />}
      </Field>
      <label className="check"><input type="checkbox" checked={fields.enabled} onChange={set('enabled')} /> Enabled</label>
      <div className="actions">
        <button type="submit" className="primary" disabled={action.busy}>Create</button>
        <button type="button" onClick={() => onDone()}>Cancel</button>
      </div>
    </form>
  );
}
