import { useState } from 'react';
import type { IApplication } from '@c8y/client';
import { ConfirmButton } from '../../components/confirm';
import { ErrorBanner, Loading } from '../../components/feedback';
import { Field } from '../../components/field';
import { useAction, useLoad, useSession } from '../../hooks';
import { requestJson } from '../../rest';
import { href } from '../../routing';
import { AVAILABILITIES, changedFields, editable, formOf, type ApplicationForm, type Availability } from './application-edit';
import { BinaryUpload } from './binary-upload';
import { rememberPreviousVersion, Versions } from './versions-section';

/** Types that take a ZIP (docs/api/applications.md#binaries-and-versions). */
const WITH_BINARIES = new Set(['HOSTED', 'MICROSERVICE']);

/** One application: its fields, edit, clone, delete; for HOSTED and MICROSERVICE its upload and versions. */
export function ApplicationDetails({ id }: { id: string }) {
  const session = useSession();
  const [revision, setRevision] = useState(0);
  const loaded = useLoad(() => session.client.application.detail(id).then((r) => r.data), `${id}:${revision}`);
  const changed = () => setRevision((r) => r + 1);
  const app = loaded.data;
  const owned = app?.owner?.tenant?.id === session.tenant;

  return (
    <section aria-labelledby="application-title">
      <p><a href={href(['applications'])}>All applications</a></p>
      <h1 id="application-title">{app ? app.name : `Application ${id}`}</h1>
      <ErrorBanner message={loaded.error} />
      {loaded.loading && !app && <Loading what="the application" />}
      {app && (
        <>
          <Summary app={app} />
          {owned
            ? <>
                <EditApplication key={String(app.id)} app={app} onSaved={changed} />
                <ApplicationActions app={app} />
              </>
            : (
              <div className="card">
                <p className="hint">Owned by tenant {app.owner?.tenant?.id}: only that tenant changes or deletes it. A clone is a copy your tenant owns.</p>
                <CloneButton app={app} />
              </div>
            )}
          {WITH_BINARIES.has(String(app.type)) && (owned
            ? (
              <>
                <BinaryUpload app={app} onUploaded={() => { rememberPreviousVersion(String(app.id), app.activeVersionId); changed(); }} />
                <Versions app={app} revision={revision} onChanged={changed} />
              </>
            )
            : <Versions app={app} revision={revision} />)}
        </>
      )}
    </section>
  );
}

function Summary({ app }: { app: IApplication }) {
  const active = app.applicationVersions?.find((v) => v.binaryId === app.activeVersionId);
  const rows: [string, React.ReactNode][] = [
    ['ID', app.id], ['Type', app.type], ['Key', app.key], ['Availability', app.availability], ['Owner', app.owner?.tenant?.id],
    ...(app.contextPath ? [['Context path', app.contextPath] as [string, string]] : []),
    ...(app.type === 'EXTERNAL' ? [['External URL', app.externalUrl] as [string, string | undefined]] : []),
    ...(WITH_BINARIES.has(String(app.type)) ? [['Active version', active?.version ?? 'none uploaded'] as [string, string]] : []),
    ...(app.type === 'MICROSERVICE'
      ? [['Required roles', list(app.requiredRoles)], ['Roles it defines', list(app.roles)]] as [string, string][]
      : []),
  ];
  return (
    <dl className="details">
      {rows.map(([term, value]) => <div key={term}><dt>{term}</dt><dd>{value}</dd></div>)}
    </dl>
  );
}

const list = (values?: string[]) => (values?.length ? values.join(', ') : 'none');

/** The edit form: the PUT carries only the fields changed (name stays for a microservice, external URL only for EXTERNAL). */
function EditApplication({ app, onSaved }: { app: IApplication; onSaved(): void }) {
  const { client } = useSession();
  const [form, setForm] = useState<ApplicationForm>(formOf(app));
  const [saved, setSaved] = useState(false);
  const action = useAction();
  const set = (field: keyof ApplicationForm) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    setSaved(false);
    setForm({ ...form, [field]: e.target.value });
  };
  const changes = changedFields(app, form);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (await action.run(() => client.application.update({ id: app.id, ...changes } as IApplication))) {
      setSaved(true);
      onSaved();
    }
  }

  return (
    <form className="card" onSubmit={submit} aria-labelledby="edit-title">
      <h2 id="edit-title">Edit</h2>
      <ErrorBanner message={action.error} onDismiss={action.clear} />
      <Field label="Name" hint={editable(app.type, 'name') ? undefined : "A microservice's name never changes"}>
        {(id) => <input id={id} value={form.name} onChange={set('name')} readOnly={!editable(app.type, 'name')} required />}
      </Field>
      <Field label="Key">{(id) => <input id={id} value={form.key} onChange={set('key')} required />}</Field>
      <Field label="Context path">{(id) => <input id={id} value={form.contextPath} onChange={set('contextPath')} />}</Field>
      {editable(app.type, 'externalUrl') && <Field label="External URL">{(id) => <input id={id} type="url" value={form.externalUrl} onChange={set('externalUrl')} required />}</Field>}
      <Field label="Availability" hint="MARKET offers the application to other tenants">
        {(id) => (
          <select id={id} value={form.availability} onChange={set('availability')}>
            {AVAILABILITIES.map((a: Availability) => <option key={a} value={a}>{a}</option>)}
          </select>
        )}
      </Field>
      <div className="actions">
        <button type="submit" className="primary" disabled={action.busy || Object.keys(changes).length === 0}>Save changes</button>
        {saved && <span role="status">Saved.</span>}
      </div>
    </form>
  );
}

function ApplicationActions({ app }: { app: IApplication }) {
  const { client } = useSession();
  const action = useAction();

  async function remove() {
    if (await action.run(() => client.application.delete(app.id!))) window.location.hash = href(['applications']);
  }

  return (
    <div className="card" role="group" aria-labelledby="actions-title">
      <h2 id="actions-title">Actions</h2>
      <ErrorBanner message={action.error} onDismiss={action.clear} />
      <div className="actions">
        <CloneButton app={app} />
        <ConfirmButton label="Delete" disabled={action.busy} onConfirm={remove}
          question={`Delete ${app.name} with all its versions? A MARKET application that tenants subscribe to is not deleted.`} />
      </div>
    </div>
  );
}

/** Copies the application into the signed-in tenant (`POST …/clone`) and opens the copy. */
function CloneButton({ app }: { app: IApplication }) {
  const { client } = useSession();
  const action = useAction();
  async function clone() {
    let copy: IApplication | undefined;
    if (await action.run(async () => { copy = await requestJson<IApplication>(client, `/application/applications/${encodeURIComponent(String(app.id))}/clone`, { method: 'POST' }); })) {
      window.location.hash = href(['applications', String(copy!.id)]);
    }
  }
  return (
    <>
      <button type="button" onClick={clone} disabled={action.busy}>Clone</button>
      <ErrorBanner message={action.error} onDismiss={action.clear} />
    </>
  );
}
