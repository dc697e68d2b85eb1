import { useState } from 'react';
import { ErrorBanner } from '../../components/feedback';
import { Field } from '../../components/field';
import { useAction, useSession } from '../../hooks';
import { requestJson } from '../../rest';
import {
  configurationBody, fieldsOf, initialValues, secretIsStored, withoutSecrets,
  type FormField, type FormValues, type ProviderConfiguration, type ProviderDefinition,
} from './provider-form';

const CONFIGURATION = '/service/messaging/providers/configuration';

/**
 * The tenant's SMS provider: a provider chosen from the definitions and a form built from its
 * settings schema. The platform stores it as the tenant's `messaging` options (docs/api/sms.md#the-tenants-provider).
 */
export function ProviderSettings({ definitions, configuration, onSaved }: {
  definitions: ProviderDefinition[]; configuration: ProviderConfiguration; onSaved(configuration: ProviderConfiguration): void;
}) {
  const { client } = useSession();
  const [providerId, setProviderId] = useState(configuration.provider ?? definitions[0]?.id ?? '');
  const definition = definitions.find((d) => d.id === providerId);
  const [values, setValues] = useState<FormValues>(() => (definition ? initialValues(definition, configuration) : {}));
  const [senderAddress, setSenderAddress] = useState(configuration.senderAddress?.replace(/^tel:/, '') ?? '');
  const [senderName, setSenderName] = useState(configuration.senderName ?? '');
  const [problems, setProblems] = useState<string[]>([]);
  const [saved, setSaved] = useState<string>();
  const [removing, setRemoving] = useState(false);
  const action = useAction();

  const choose = (id: string) => {
    setProviderId(id);
    const next = definitions.find((d) => d.id === id);
    setValues(next ? initialValues(next, configuration) : {});
    setSaved(undefined);
  };

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!definition) return;
    const checked = configurationBody(definition, values, { senderAddress, senderName }, configuration);
    if ('problems' in checked) return setProblems(checked.problems);
    setProblems([]);
    setSaved(undefined);
    let answer: ProviderConfiguration | undefined;
    if (await action.run(async () => { answer = await requestJson<ProviderConfiguration>(client, CONFIGURATION, { method: 'PUT', body: checked.body }); })) {
      // What was typed into a secret field is stored now; the form never holds it longer.
      setValues((v) => withoutSecrets(definition, v));
      setSaved(`Saved: the tenant sends through ${definition.displayName ?? definition.id}.`);
      if (answer) onSaved(answer);
    }
  }

  async function remove() {
    if (await action.run(() => requestJson(client, CONFIGURATION, { method: 'DELETE' }))) {
      setRemoving(false);
      setSaved('Removed: the tenant has no SMS provider.');
      onSaved({ provider: null, senderAddress: null, senderName: null, settings: {}, secrets: {} });
    }
  }

  if (definitions.length === 0) return <p className="empty">The platform offers no SMS provider.</p>;
  return (
    <form onSubmit={submit} aria-label="Provider settings" noValidate>
      <p className="hint">
        {configuration.provider ? `The tenant sends through ${definitions.find((d) => d.id === configuration.provider)?.displayName ?? configuration.provider}.` : 'The tenant has no SMS provider.'}
        {' '}Secrets are never shown: leave a stored one empty to keep it.
      </p>
      <ErrorBanner message={problems.length > 0 ? problems.join(' ') : action.error} onDismiss={() => { setProblems([]); action.clear(); }} />
      {saved && <p className="ok" role="status">{saved}</p>}
      <Field label="Provider">
        {(id) => (
          <select id={id} value={providerId} onChange={(e) => choose(e.target.value)}>
            {definitions.map((d) => <option key={d.id} value={d.id}>{d.displayName ?? d.id}</option>)}
          </select>
        )}
      </Field>
      <Field label="Sender address" hint="The tenant's number, e.g. +4915112345678">
        {(id) => <input id={id} type="tel" value={senderAddress} onChange={(e) => setSenderAddress(e.target.value)} autoComplete="off" />}
      </Field>
      <Field label="Sender name">{(id) => <input id={id} value={senderName} onChange={(e) => setSenderName(e.target.value)} maxLength={64} />}</Field>
      {definition && fieldsOf(definition).map((field) => (
        <SettingField key={`${definition.id}.${field.name}`} field={field} value={values[field.name]}
          stored={field.kind === 'secret' && secretIsStored(definition, configuration, field.name)}
          onChange={(value) => setValues((v) => ({ ...v, [field.name]: value }))} />
      ))}
      <div className="actions">
        <button type="submit" className="primary" disabled={action.busy}>Save provider settings</button>
        {configuration.provider && !removing && <button type="button" className="danger" onClick={() => setRemoving(true)}>Remove provider</button>}
        {removing && (
          <>
            <button type="button" className="danger" onClick={remove} disabled={action.busy}>Confirm removing the provider</button>
            <button type="button" onClick={() => setRemoving(false)}>Keep it</button>
          </>
        )}
      </div>
    </form>
  );
}

/** One setting's control, by the kind its schema gives; a secret is a masked field that starts empty. */
function SettingField({ field, value, stored, onChange }: { field: FormField; value: string | boolean | undefined; stored: boolean; onChange(value: string | boolean): void }) {
  const hint = field.kind === 'secret' ? (stored ? 'Stored (never shown): leave empty to keep it, or type a new value.' : 'Secret: not set.') : field.description;
  const label = field.required ? `${field.label} (required)` : field.label;
  return (
    <Field label={label} hint={hint}>
      {(id) => {
        switch (field.kind) {
          case 'boolean':
            return <input id={id} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />;
          case 'select':
            return (
              <select id={id} value={String(value ?? '')} onChange={(e) => onChange(e.target.value)}>
                {(field.choices ?? []).map((c) => <option key={c} value={c}>{c}</option>)}
              </select>
            );
          case 'secret':
            return <input id={id} type="password" value={String(value ?? '')} onChange={(e) => onChange(e.target.value)} autoComplete="new-password" />;
          case 'number':
            return <input id={id} type="number" value={String(value ?? '')} onChange={(e) => onChange(e.target.value)} />;
          default:
            return <input id={id} value={String(value ?? '')} onChange={(e) => onChange(e.target.value)} autoComplete="off" />;
        }
      }}
    </Field>
  );
}
