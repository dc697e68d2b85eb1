import { useState } from 'react';
import type { IApplication } from '@c8y/client';
import { ErrorBanner } from '../../components/feedback';
import { Field } from '../../components/field';
import { useAction, useSession } from '../../hooks';

const CREATABLE = ['HOSTED', 'MICROSERVICE', 'EXTERNAL'] as const;

/** Creates an application of a type that can be created directly; `onDone` gets the new id, or nothing when cancelled. */
export function CreateApplication({ onDone }: { onDone(id?: string): void }) {
  const { client } = useSession();
  const [type, setType] = useState<(typeof CREATABLE)[number]>('HOSTED');
  const [name, setName] = useState('');
  const [key, setKey] = useState('');
  const [contextPath, setContextPath] = useState('');
  const [externalUrl, setExternalUrl] = useState('');
  const action = useAction();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const app: Partial<IApplication> = {
      type: type as IApplication['type'], name: name.trim(), key: key.trim() || `${name.trim()}-key`,
      ...(contextPath.trim() || type !== 'EXTERNAL' ? { contextPath: contextPath.trim() || name.trim() } : {}),
      ...(type === 'EXTERNAL' ? { externalUrl: externalUrl.trim() } : {}),
      // A HOSTED application's files are its uploaded versions, served from its own root.
      ...(type === 'HOSTED' ? { resourcesUrl: '/' } : {}),
    };
    let id: string | undefined;
    if (await action.run(async () => { id = String((await client.application.create(app as IApplication)).data.id); })) onDone(id);
  }

  return (
    <form className="card" onSubmit={submit} aria-labelledby="create-title">
      <h2 id="create-title">Create application</h2>
      <ErrorBanner message={action.error} />
      <Field label="Application type">
        {(id) => (
          <select id={id} value={type} onChange={(e) => setType(e.target.value as typeof type)}>
            {CREATABLE.map((t) => <option key={t} value={t}>{t}</option>)}
          </select>
        )}
      </Field>
      <Field label="Application name">{(id) => <input id={id} value={name} onChange={(e) => setName(e.target.value)} required />}</Field>
      <Field label="Application key" hint="Defaults to the name followed by -key">{(id) => <input id={id} value={key} onChange={(e) => setKey(e.target.value)} />}</Field>
      <Field label="Context path" hint="Defaults to the name">{(id) => <input id={id} value={contextPath} onChange={(e) => setContextPath(e.target.value)} />}</Field>
      {type === 'EXTERNAL' && <Field label="External URL">{(id) => <input id={id} type="url" value={externalUrl} onChange={(e) => setExternalUrl(e.target.value)} required />}</Field>}
      <div className="actions">
        <button type="submit" className="primary" disabled={action.busy}>Create</button>
        <button type="button" onClick={() => onDone()}>Cancel</button>
      </div>
    </form>
  );
}
