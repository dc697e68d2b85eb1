import { useState } from 'react';
import type { IUser, IUserGroup } from '@c8y/client';
import { Assignments } from '../../components/assignments';
import { ErrorBanner, Loading } from '../../components/feedback';
import { Field } from '../../components/field';
import { useAction, useLoad, useSession } from '../../hooks';
import { WHOLE_PAGE_SIZE } from '../../paging';
import { requestJson, seg } from '../../rest';
import { href } from '../../routing';
import { referencedIds, userFieldsOf, userUpdate, type UserFields } from './user-form';

/** One user: the profile form, and the roles and groups the user holds. */
export function UserEditor({ id: userName }: { id: string }) {
  const { client, tenant } = useSession();
  const user = useLoad(() => client.user.detail(userName).then((r) => r.data), userName);
  const catalogue = useLoad(() => Promise.all([client.userRole.list({ pageSize: WHOLE_PAGE_SIZE }), client.userGroup.list({ pageSize: WHOLE_PAGE_SIZE })]), 'catalogue');
  const [roles, groups] = catalogue.data ?? [];
  const userPath = `/user/${seg(tenant)}/users/${seg(userName)}`;
  const refresh = (work: Promise<unknown>) => work.then(() => user.reload());

  return (
    <section aria-labelledby="user-title">
      <p><a href={href(['users'])}>All users</a></p>
      <h1 id="user-title">User {userName}</h1>
      <ErrorBanner message={user.error ?? catalogue.error} />
      {user.loading && !user.data && <Loading what="the user" />}
      {user.data && <UserForm user={user.data} onSaved={user.reload} />}
      {user.data && roles && groups && (
        <>
          <Assignments title="Roles" noun="role"
            held={referencedIds(user.data.roles?.references as { role?: { id?: string } }[], 'role').map((id) => ({ id, label: id }))}
            available={roles.data.map((r) => ({ id: String(r.id), label: String(r.id) }))}
            onAdd={(id) => refresh(requestJson(client, `${userPath}/roles`, { method: 'POST', body: { role: { id } } }))}
            onRemove={(id) => refresh(requestJson(client, `${userPath}/roles/${seg(id)}`, { method: 'DELETE' }))} />
          <Assignments title="Groups" noun="group"
            held={(user.data.groups?.references ?? []).map((g) => ({ id: String(g.group.id), label: groupName(groups.data, g.group) }))}
            available={groups.data.map((g) => ({ id: String(g.id), label: g.name ?? String(g.id) }))}
            onAdd={(id) => refresh(client.userGroup.addUserToGroup(id, { self: user.data!.self! }))}
            onRemove={(id) => refresh(client.userGroup.removeUserFromGroup(id, userName))} />
        </>
      )}
    </section>
  );
}

/** A group reference names the group by id; its name comes from the tenant's groups. */
function groupName(groups: IUserGroup[], group: Partial<IUserGroup>): string {
  return group.name ?? groups.find((g) => String(g.id) === String(group.id))?.name ?? String(group.id);
}

function UserForm({ user, onSaved }: { user: IUser; onSaved(): Promise<void> }) {
  const { client } = useSession();
  const [fields, setFields] = useState<UserFields>(() => userFieldsOf(user));
  const [saved, setSaved] = useState(false);
  const action = useAction();
  const set = (name: keyof UserFields) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setSaved(false);
    setFields((f) => ({ ...f, [name]: e.target.type === 'checkbox' ? e.target.checked : e.target.value }));
  };

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const body = userUpdate(user, fields);
    if (Object.keys(body).length === 0 || await action.run(() => client.user.update({ id: user.userName, ...body }))) {
      setFields((f) => ({ ...f, password: '' }));
      await onSaved();
      setSaved(true);
    }
  }

  return (
    <form className="card" onSubmit={submit} aria-label="Edit user">
      <ErrorBanner message={action.error} />
      {saved && <p role="status">Saved.</p>}
      <Field label="Email">{(id) => <input id={id} type="email" value={fields.email} onChange={set('email')} />}</Field>
      <Field label="First name">{(id) => <input id={id} value={fields.firstName} onChange={set('firstName')} />}</Field>
      <Field label="Last name">{(id) => <input id={id} value={fields.lastName} onChange={set('lastName')} />}</Field>
      <Field label="Phone" hint="Where the SMS second factor is sent">{(id) => <input id={id} type="tel" value={fields.phone} onChange={set('phone')} />}</Field>
      <Field label="New password" hint="Leave empty to keep the password">
        {(id) => <input id={id} type="password" value={fields.password} onChange={set('password')} autoComplete="new-password" />}
      </Field>
      <label className="check"><input type="checkbox" checked={fields.enabled} onChange={set('enabled')} /> Enabled</label>
      <div className="actions">
        <button type="submit" className="primary" disabled={action.busy}>Save</button>
      </div>
    </form>
  );
}
