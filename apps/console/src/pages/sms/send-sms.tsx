import { useState } from 'react';
import { ErrorBanner } from '../../components/feedback';
import { Field } from '../../components/field';
import { useAction, useSession } from '../../hooks';
import { requestJson } from '../../rest';
import type { ProviderConfiguration } from './provider-form';
import { sendRequest, type SentMessage } from './sms-model';

/** Sends one SMS through the tenant's provider; the sender defaults to the tenant's configured sender address. */
export function SendSms({ configuration, onSent }: { configuration?: ProviderConfiguration; onSent(message: SentMessage): void }) {
  const { client } = useSession();
  const [to, setTo] = useState('');
  const [text, setText] = useState('');
  const [senderAddress, setSenderAddress] = useState('');
  const [senderName, setSenderName] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const action = useAction();
  const configured = configuration?.senderAddress;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const request = sendRequest({ to, text, senderAddress, senderName }, configured);
    if ('problems' in request) return setProblems(request.problems);
    setProblems([]);
    const address = request.body.outboundSMSMessageRequest.address[0];
    await action.run(async () => {
      const answer = await requestJson<{ resourceReference: { resourceURL: string } }>(client, request.path, { method: 'POST', body: request.body });
      onSent({ resourceURL: answer.resourceReference.resourceURL, to: address, text, sentAt: new Date().toISOString() });
      setText('');
    });
  }

  return (
    <form className="card" onSubmit={submit} aria-labelledby="send-title" noValidate>
      <h2 id="send-title">Send an SMS</h2>
      {configuration && !configuration.provider && <p className="hint">The tenant has no SMS provider yet: choose one under Provider settings first.</p>}
      <ErrorBanner message={problems.length > 0 ? problems.join(' ') : action.error} onDismiss={() => { setProblems([]); action.clear(); }} />
      <Field label="Recipient" hint="An international number, e.g. +4915198765432">
        {(id) => <input id={id} type="tel" value={to} onChange={(e) => setTo(e.target.value)} autoComplete="off" required />}
      </Field>
      <Field label="Message">{(id) => <textarea id={id} value={text} onChange={(e) => setText(e.target.value)} rows={3} required />}</Field>
      <Field label="Sender address" hint={configured ? `Optional: ${configured.replace(/^tel:/, '')} when empty` : 'Required while the tenant has no sender address configured'}>
        {(id) => <input id={id} type="tel" value={senderAddress} onChange={(e) => setSenderAddress(e.target.value)} autoComplete="off" />}
      </Field>
      <Field label="Sender name" hint="Optional: the tenant's sender name when empty">
        {(id) => <input id={id} value={senderName} onChange={(e) => setSenderName(e.target.value)} maxLength={64} />}
      </Field>
      <div className="actions">
        <button type="submit" className="primary" disabled={action.busy}>{action.busy ? 'Sending…' : 'Send'}</button>
      </div>
    </form>
  );
}
