import { useState } from 'react';
import { ErrorBanner } from '../../components/feedback';
import { Field } from '../../components/field';
import { useAction, useSession } from '../../hooks';
import { isSecretKey, optionToWrite, type OptionRow } from './option-model';

/**
 * Creates an option, or sets a new value for `editing`. A secret's value is never shown: editing one
 * means typing its new value. `onDone(true)` after a write, `onDone(false)` when cancelled.
 */
export function OptionForm({ editing, onDone }: { editing?: OptionRow; onDone(saved: boolean): void }) {
  const { client } = useSession();
  const [category, setCategory] = useState(editing?.category ?? '');
  const [key, setKey] = useState(editing?.key ?? '');
  const [value, setValue] = useState(editing && !isSecretKey(editing.key) ? editing.value ?? '' : '');
  const [problem, setProblem] = useState<string>();
  const action = useAction();
  const secret = isSecretKey(key.trim());
  const title = editing ? `Edit option ${editing.category}/${editing.key}` : 'Create option';

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const checked = optionToWrite({ category, key, value });
    if ('problem' in checked) return setProblem(checked.problem);
    setProblem(undefined);
    const write = editing ? () => client.options.tenant.update(checked.option) : () => client.options.tenant.create(checked.option);
    if (await action.run(write)) onDone(true);
  }

  const error = problem ?? action.error;
  return (
    <form className="card" onSubmit={submit} aria-labelledby="option-form-title" noValidate>
      <h2 id="option-form-title">{title}</h2>
      <ErrorBanner message={error} onDismiss={() => { setProblem(undefined); action.clear(); }} />
      {!editing && (
        <>
          <Field label="Category">{(id) => <input id={id} value={category} onChange={(e) => setCategory(e.target.value)} required />}</Field>
          <Field label="Key" hint="A key starting with credentials. is a secret: stored encrypted and never shown again.">
            {(id) => <input id={id} value={key} onChange={(e) => setKey(e.target.value)} required />}
          </Field>
        </>
      )}
      <Field label={secret ? 'New secret value' : 'Value'} hint={secret && editing ? 'The stored value is never shown: type the new one.' : undefined}>
        {(id) => secret
          ? <input id={id} type="password" value={value} onChange={(e) => setValue(e.target.value)} autoComplete="new-password" required />
          : <textarea id={id} value={value} onChange={(e) => setValue(e.target.value)} rows={2} />}
      </Field>
      <div className="actions">
        <button type="submit" className="primary" disabled={action.busy}>Save</button>
        <button type="button" onClick={() => onDone(false)}>Cancel</button>
      </div>
    </form>
  );
}
