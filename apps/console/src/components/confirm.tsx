import { useState } from 'react';

/**
 * A destructive button that asks first: a click shows the question with "Yes" and "Cancel" in place
 * (no browser dialog), and only "Yes" runs the action.
 */
export function ConfirmButton({ label, question, disabled, onConfirm }: { label: string; question: string; disabled?: boolean; onConfirm(): void }) {
  const [asking, setAsking] = useState(false);
  if (!asking) return <button type="button" className="danger" disabled={disabled} onClick={() => setAsking(true)}>{label}</button>;
  return (
    <span className="confirm" role="group" aria-label={question}>
      <span>{question}</span>
      <button type="button" className="danger" autoFocus onClick={() => { setAsking(false); onConfirm(); }}>Yes, {label.toLowerCase()}</button>
      <button type="button" onClick={() => setAsking(false)}>Cancel</button>
    </span>
  );
}
