import { useState } from 'react';
import { Empty, ErrorBanner } from './feedback';
import { Field } from './field';
import { useAction } from '../hooks';

export interface Assignable { id: string; label: string }

/**
 * What something holds (a user's roles or groups, a group's roles): each with a Remove button, and a
 * choice of what it does not hold yet with an Add button. The platform's refusal shows as its message.
 */
export function Assignments({ title, noun, held, available, onAdd, onRemove }: {
  title: string; noun: string; held: Assignable[]; available: Assignable[];
  onAdd(id: string): Promise<unknown>; onRemove(id: string): Promise<unknown>;
}) {
  const heldIds = new Set(held.map((h) => h.id));
  const choices = available.filter((a) => !heldIds.has(a.id));
  const [chosen, setChosen] = useState('');
  const action = useAction();
  const headingId = `${noun.replace(/\W+/g, '-')}-assignments`;
  const pick = chosen && choices.some((c) => c.id === chosen) ? chosen : choices[0]?.id ?? '';

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <ErrorBanner message={action.error} onDismiss={action.clear} />
      {held.length === 0 ? <Empty>No {noun}s.</Empty> : (
        <ul>
          {held.map((h) => (
            <li key={h.id}>
              {h.label}{' '}
              <button type="button" disabled={action.busy} onClick={() => action.run(() => onRemove(h.id))} aria-label={`Remove ${noun} ${h.label}`}>Remove</button>
            </li>
          ))}
        </ul>
      )}
      {choices.length > 0 && (
        <form className="filters" onSubmit={(e) => { e.preventDefault(); if (pick) void action.run(() => onAdd(pick)); }}>
          <Field label={`${noun[0].toUpperCase()}${noun.slice(1)} to add`}>
            {(id) => (
              <select id={id} value={pick} onChange={(e) => setChosen(e.target.value)}>
                {choices.map((c) => <option key={c.id} value={c.id}>{c.label}</option>)}
              </select>
            )}
          </Field>
          <button type="submit" disabled={action.busy}>Add {noun}</button>
        </form>
      )}
    </section>
  );
}
