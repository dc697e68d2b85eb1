import { useState } from 'react';
import type { IApplication } from '@c8y/client';
import { ErrorBanner, Loading } from '../../components/feedback';
import { Field } from '../../components/field';
import { Table, type Column } from '../../components/table';
import { useAction, useLoad, useSession } from '../../hooks';
import { requestJson } from '../../rest';
import {
  isolationOf, optionPath, readOnlyReason, RUNTIME_CATEGORY, runtimeChanges, runtimeRows, type RuntimeManifest, type RuntimeRow, type RuntimeSetting,
} from './runtime-settings';

const COLUMNS: Column<RuntimeRow>[] = [
  { title: 'Setting', cell: (r) => r.label },
  { title: 'In use', cell: (r) => r.effective },
  { title: 'Manifest', cell: (r) => r.manifestValue },
  { title: 'Tenant option', cell: (r) => r.optionValue ?? 'not set' },
];

/**
 * Replicas, CPU and memory of a microservice: the manifest's values and the owner tenant's
 * `microservice.runtime` options over them (docs/hosting.md). The owner's option admins change
 * them here; everyone else sees them read-only, with the reason.
 */
export function RuntimeOptions({ app }: { app: IApplication }) {
  const session = useSession();
  const owner = app.owner?.tenant?.id;
  const reason = readOnlyReason(owner, session.tenant, session.roles);
  const ownerReads = !owner || owner === session.tenant;
  const options = useLoad(
    () => (ownerReads ? requestJson<Record<string, string>>(session.client, `/tenant/options/${encodeURIComponent(RUNTIME_CATEGORY)}`) : Promise.resolve({})),
    `${app.id}`,
  );
  const rows = options.data ? runtimeRows(String(app.name), app.manifest as RuntimeManifest | undefined, options.data) : undefined;

  return (
    <>
      <h2>Runtime options</h2>
      <ErrorBanner message={options.error} />
      {options.loading && !options.data && <Loading what="the runtime options" />}
      {rows && <Table caption="Runtime settings" columns={COLUMNS} rows={rows} rowKey={(r) => r.key} />}
      <p>Isolation: <strong>{isolationOf(app.manifest as RuntimeManifest | undefined)}</strong> <span className="hint">(set by the manifest: no option changes it, a new version can)</span></p>
      {rows && reason && <p className="hint">{reason}</p>}
      {rows && !reason && <RuntimeForm rows={rows} onSaved={options.reload} />}
    </>
  );
}

function RuntimeForm({ rows, onSaved }: { rows: RuntimeRow[]; onSaved(): Promise<void> }) {
  const { client } = useSession();
  const [inputs, setInputs] = useState<Partial<Record<RuntimeSetting, string>>>({});
  const [saved, setSaved] = useState(false);
  const action = useAction();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setSaved(false);
    const changes = runtimeChanges(rows, inputs);
    const done = await action.run(async () => {
      for (const { key, value } of changes) {
        await requestJson(client, optionPath(key), value === undefined ? { method: 'DELETE' } : { method: 'PUT', body: { value } });
      }
    });
    if (done) {
      // "Saved" appears once the table above shows the stored values, not before.
      await onSaved();
      setInputs({});
      setSaved(true);
    }
  }

  return (
    <form className="card" onSubmit={submit} aria-labelledby="runtime-form-title">
      <h3 id="runtime-form-title">Change runtime options</h3>
      <p className="hint">A change replaces every container of the microservice. Leave a field empty to use the manifest's value.</p>
      <ErrorBanner message={action.error} onDismiss={action.clear} />
      {rows.map((row) => (
        <Field key={row.setting} label={row.label} hint={`The platform accepts ${row.bounds}.`}>
          {(id) => (
            <input id={id} value={inputs[row.setting] ?? row.optionValue ?? ''} placeholder={row.manifestValue}
              onChange={(e) => { setSaved(false); setInputs((i) => ({ ...i, [row.setting]: e.target.value })); }} />
          )}
        </Field>
      ))}
      <div className="actions">
        <button type="submit" className="primary" disabled={action.busy}>Save runtime options</button>
      </div>
      {saved && <p role="status">The runtime options are saved.</p>}
    </form>
  );
}
