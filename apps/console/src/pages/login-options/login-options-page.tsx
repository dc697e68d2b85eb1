import { useEffect, useState } from 'react';
import type { ITenantLoginOption } from '@c8y/client';
import { ErrorBanner, Loading } from '../../components/feedback';
import { Field } from '../../components/field';
import { PagedTable } from '../../components/paged-table';
import type { Column } from '../../components/table';
import { useAction, useLoad, useSession } from '../../hooks';
import { requestJson, seg } from '../../rest';
import {
  TFA_CATEGORY, TFA_STRATEGIES, TOKEN_CATEGORY, TOKEN_LIFESPAN_KEY, tfaOptions, tfaSettingsOf, tokenLifespan, type TfaSettings, type TfaStrategy,
} from './login-settings';

type Option = ITenantLoginOption & { id?: string; enforceTfa?: boolean; tfaStrategy?: string; visibleOnLoginPage?: boolean; buttonName?: string };

const COLUMNS: Column<Option>[] = [
  { title: 'ID', cell: (o) => o.id },
  { title: 'Type', cell: (o) => o.type },
  { title: 'Grant type', cell: (o) => o.grantType },
  { title: 'Users from', cell: (o) => o.userManagementSource },
  { title: 'On the login page', cell: (o) => (o.visibleOnLoginPage === false ? 'No' : 'Yes') },
  { title: 'Two-factor', cell: (o) => (o.enforceTfa ? `Enforced (${o.tfaStrategy})` : 'Per user') },
];

/**
 * How the tenant's users sign in (`GET /tenant/loginOptions`), and the settings the tenant changes
 * itself as options: two-factor enforcement and strategy, the token lifetime (docs/api/tenants-users-auth.md).
 */
export function LoginOptionsPage() {
  const { client, tenant } = useSession();
  const options = useLoad(() => client.options.login.listForCurrentTenant(), 'login-options');
  return (
    <section aria-labelledby="login-options-title">
      <h1 id="login-options-title">Login options</h1>
      <ErrorBanner message={options.error} />
      <PagedTable caption={`Login options of ${tenant}`} columns={COLUMNS} rows={options.data?.data as Option[] | undefined} rowKey={(o) => String(o.id ?? o.type)}
        loading={options.loading} loadingWhat="login options" emptyText="The tenant offers no login options." />
      <TfaSettingsForm onSaved={options.reload} />
      <TokenLifespanForm />
    </section>
  );
}

function TfaSettingsForm({ onSaved }: { onSaved(): Promise<void> }) {
  const { client } = useSession();
  const loaded = useLoad(() => requestJson<Record<string, string>>(client, `/tenant/options/${seg(TFA_CATEGORY)}`), 'tfa');
  const [settings, setSettings] = useState<TfaSettings>(tfaSettingsOf(undefined));
  const [saved, setSaved] = useState(false);
  const action = useAction();
  useEffect(() => { if (loaded.data) setSettings(tfaSettingsOf(loaded.data)); }, [loaded.data]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setSaved(false);
    if (await action.run(() => requestJson(client, `/tenant/options/${seg(TFA_CATEGORY)}`, { method: 'PUT', body: tfaOptions(settings) }))) { await onSaved(); setSaved(true); }
  }

  return (
    <form className="card" onSubmit={submit} aria-labelledby="tfa-title">
      <h2 id="tfa-title">Two-factor authentication</h2>
      <ErrorBanner message={loaded.error ?? action.error} />
      {loaded.loading && !loaded.data && <Loading what="the two-factor settings" />}
      {saved && <p role="status">Saved.</p>}
      <label className="check">
        <input type="checkbox" checked={settings.enforced} onChange={(e) => { setSaved(false); setSettings((s) => ({ ...s, enforced: e.target.checked })); }} />
        {' '}Require a second factor from every user
      </label>
      <Field label="Second factor" hint="TOTP: an authenticator app; SMS: a code sent to the user's phone">
        {(id) => (
          <select id={id} value={settings.strategy} onChange={(e) => { setSaved(false); setSettings((s) => ({ ...s, strategy: e.target.value as TfaStrategy })); }}>
            {TFA_STRATEGIES.map((s) => <option key={s} value={s}>{s}</option>)}
          </select>
        )}
      </Field>
      <div className="actions"><button type="submit" className="primary" disabled={action.busy || !loaded.data}>Save two-factor settings</button></div>
    </form>
  );
}

function TokenLifespanForm() {
  const { client } = useSession();
  const loaded = useLoad(() => requestJson<Record<string, string>>(client, `/tenant/options/${seg(TOKEN_CATEGORY)}`), 'token');
  const [text, setText] = useState('');
  const [saved, setSaved] = useState(false);
  const [invalid, setInvalid] = useState<string>();
  const action = useAction();
  useEffect(() => { if (loaded.data) setText(loaded.data[TOKEN_LIFESPAN_KEY] ?? ''); }, [loaded.data]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setSaved(false);
    const parsed = tokenLifespan(text);
    setInvalid(parsed.ok ? undefined : parsed.error);
    if (!parsed.ok) return;
    const option = { category: TOKEN_CATEGORY, key: TOKEN_LIFESPAN_KEY };
    const hadOne = loaded.data?.[TOKEN_LIFESPAN_KEY] !== undefined;
    const write = parsed.seconds !== undefined
      ? () => client.options.tenant.create({ ...option, value: String(parsed.seconds) })
      : () => (hadOne ? client.options.tenant.delete(option as never) : Promise.resolve());
    if (await action.run(write)) { await loaded.reload(); setSaved(true); }
  }

  return (
    <form className="card" onSubmit={submit} aria-labelledby="token-title">
      <h2 id="token-title">Sessions</h2>
      <ErrorBanner message={invalid ?? loaded.error ?? action.error} />
      {saved && <p role="status">Saved.</p>}
      <Field label="Token and session lifetime (seconds)" hint="At least 60; empty for the platform's default">
        {(id) => <input id={id} inputMode="numeric" value={text} onChange={(e) => { setSaved(false); setText(e.target.value); }} />}
      </Field>
      <div className="actions"><button type="submit" className="primary" disabled={action.busy || !loaded.data}>Save session lifetime</button></div>
    </form>
  );
}
