import { useState } from 'react';
import type { IApplication } from '@c8y/client';
import { ConfirmButton } from '../../components/confirm';
import { ErrorBanner } from '../../components/feedback';
import { PagedTable } from '../../components/paged-table';
import type { Column } from '../../components/table';
import { useAction, useLoad, useSession } from '../../hooks';
import { requestJson } from '../../rest';
import { newestFirst, rollbackTarget, withoutTag, withTag, type Version } from './versions';

/** Where the console remembers, per application, the version that was active before it changed it (for "Roll back"). */
const PREVIOUS_KEY = (id: string) => `berth.console.previousVersion.${id}`;

export function rememberPreviousVersion(id: string, binaryId: string | undefined): void {
  if (binaryId) sessionStorage.setItem(PREVIOUS_KEY(id), binaryId);
}

/**
 * The application's versions (`GET …/versions`): activate, roll back, tags, delete (docs/api/applications.md);
 * read-only without `onChanged` (another tenant's application).
 */
export function Versions({ app, revision, onChanged }: { app: IApplication; revision: number; onChanged?(): void }) {
  const { client } = useSession();
  const id = String(app.id);
  const base = `/application/applications/${encodeURIComponent(id)}/versions`;
  const versions = useLoad(
    () => requestJson<{ applicationVersions?: Version[] }>(client, base).then((r) => newestFirst(r.applicationVersions ?? [])),
    `${id}:${revision}`,
  );
  const action = useAction();
  const active = app.activeVersionId;
  const target = versions.data && rollbackTarget(versions.data, active, sessionStorage.getItem(PREVIOUS_KEY(id)) ?? undefined);

  const change = async (write: () => Promise<unknown>) => {
    if (await action.run(write)) onChanged?.();
  };
  const activate = (v: Version) => change(async () => {
    await requestJson(client, `${base}/${encodeURIComponent(v.version)}/activate`, { method: 'POST' });
    rememberPreviousVersion(id, active);
  });
  const setTags = (v: Version, tags: string[]) => change(() => requestJson(client, `${base}/${encodeURIComponent(v.version)}`, { method: 'PUT', body: { tags } }));
  const remove = (v: Version) => change(() => requestJson(client, base, { method: 'DELETE', params: { version: v.version } }));

  const columns: Column<Version>[] = [
    { title: 'Version', cell: (v) => v.version },
    { title: 'State', cell: (v) => (v.binaryId === active ? <strong>Active</strong> : '') },
    { title: 'Tags', cell: (v) => (onChanged ? <Tags version={v} busy={action.busy} onChange={(tags) => setTags(v, tags)} /> : (v.tags ?? []).join(', ')) },
    { title: 'Created', cell: (v) => (v.created ? new Date(v.created).toLocaleString() : '') },
  ];
  if (onChanged) {
    columns.push({
      title: 'Actions',
      cell: (v) => (
        <div className="actions">
          {v.binaryId !== active && <button type="button" disabled={action.busy} onClick={() => activate(v)} aria-label={`Activate ${v.version}`}>Activate</button>}
          {v.binaryId !== active && (
            <ConfirmButton label={`Delete ${v.version}`} disabled={action.busy} onConfirm={() => remove(v)} question={`Delete version ${v.version} and its binary?`} />
          )}
        </div>
      ),
    });
  }

  return (
    <section className="card" aria-labelledby="versions-title">
      <div className="title-row">
        <h2 id="versions-title">Versions</h2>
        {target && onChanged && <button type="button" disabled={action.busy} onClick={() => activate(target)}>Roll back to {target.version}</button>}
      </div>
      <ErrorBanner message={versions.error ?? action.error} onDismiss={action.error ? action.clear : undefined} />
      <PagedTable caption="Versions" columns={columns} rows={versions.data} rowKey={(v) => v.binaryId}
        loading={versions.loading} loadingWhat="versions" emptyText="No version uploaded yet." />
    </section>
  );
}

/** A version's tags, each removable, and a box to add one (`PUT …/versions/{version}` sets the whole list). */
function Tags({ version, busy, onChange }: { version: Version; busy: boolean; onChange(tags: string[]): void }) {
  const [tag, setTag] = useState('');
  return (
    <div className="tags">
      <ul className="tag-list" aria-label={`Tags of ${version.version}`}>
        {(version.tags ?? []).map((t) => (
          <li key={t} className="tag">
            {t}
            <button type="button" className="link" disabled={busy} onClick={() => onChange(withoutTag(version.tags, t))} aria-label={`Remove tag ${t} from ${version.version}`}>×</button>
          </li>
        ))}
      </ul>
      <form className="tag-add" onSubmit={(e) => { e.preventDefault(); if (tag.trim()) { onChange(withTag(version.tags, tag.trim())); setTag(''); } }}>
        <input aria-label={`New tag for ${version.version}`} value={tag} onChange={(e) => setTag(e.target.value)} placeholder="tag" />
        <button type="submit" disabled={busy || !tag.trim()}>Add tag</button>
      </form>
    </div>
  );
}
