import { useState } from 'react';
import { Field } from './field';

/** A search form of one text field; `onSearch` gets the trimmed text (empty: no filter). */
export function NameFilter({ label, hint, value, onSearch }: { label: string; hint?: string; value: string; onSearch(text: string): void }) {
  const [text, setText] = useState(value);
  return (
    <form className="filters" role="search" onSubmit={(e) => { e.preventDefault(); onSearch(text.trim()); }}>
      <Field label={label} hint={hint}>{(id) => <input id={id} value={text} onChange={(e) => setText(e.target.value)} />}</Field>
      <button type="submit">Find</button>
    </form>
  );
}
