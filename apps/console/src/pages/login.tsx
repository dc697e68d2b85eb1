import { useEffect, useState } from 'react';
import { ErrorBanner, Loading } from '../components/feedback';
import { Field } from '../components/field';
import { login, SecondFactorNeeded, type LoginMode, type SecondFactor, type Session } from '../session';

interface LoginOption { type?: string; tenantId?: string; initRequest?: string }

const FACTOR_PROMPT: Record<SecondFactor, string> = {
  totp: 'Enter the 6-digit code from your authenticator app.',
  sms: 'Enter the 6-digit code sent to your phone by SMS.',
  setup: 'Your tenant requires two-factor authentication. Set up TOTP for your user (it needs a client that can show a QR code), then enter its code here.',
};

/**
 * Sign in with the tenant's login options (`/tenant/loginOptions`): the OAuth cookie flow when the
 * tenant offers it (the default), else HTTP Basic; then the second factor when the platform asks for one.
 */
export function LoginPage({ onLogin }: { onLogin(session: Session): void }) {
  const [options, setOptions] = useState<LoginOption[]>();
  const [tenant, setTenant] = useState('');
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  const [mode, setMode] = useState<LoginMode>('cookie');
  const [factor, setFactor] = useState<SecondFactor>();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    fetch('/tenant/loginOptions', { headers: { accept: 'application/json' } })
      .then((res) => (res.ok ? res.json() : { loginOptions: [] }))
      .then((body: { loginOptions?: LoginOption[] }) => {
        const list = body.loginOptions ?? [];
        setOptions(list);
        if (!list.some((o) => o.type === 'OAUTH2_INTERNAL')) setMode('basic');
        const named = list.map((o) => o.tenantId ?? new URLSearchParams(o.initRequest?.split('?')[1] ?? '').get('tenant_id')).find(Boolean);
        if (named) setTenant((t) => t || named);
      })
      .catch(() => setOptions([]));
  }, []);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      onLogin(await login({ tenant: tenant.trim(), user: user.trim(), password, mode, tfaCode: factor ? code.trim() : undefined }));
    } catch (err) {
      if (err instanceof SecondFactorNeeded && !factor) {
        setFactor(err.factor);
      } else {
        setError((err as Error).message);
      }
    } finally {
      setBusy(false);
    }
  }

  // The form waits for the login options, which pre-fill the tenant and pick the method: filled in
  // earlier, what someone typed would be overwritten or mixed with them.
  if (options === undefined) return <main className="login"><Loading what="the sign-in options" /></main>;
  const offersCookie = options.some((o) => o.type === 'OAUTH2_INTERNAL');
  return (
    <main className="login">
      <form onSubmit={submit} aria-labelledby="login-title">
        <h1 id="login-title">Berth administration</h1>
        <ErrorBanner message={error} />
        <Field label="Tenant">{(id) => <input id={id} value={tenant} onChange={(e) => setTenant(e.target.value)} autoComplete="organization" />}</Field>
        <Field label="Username">{(id) => <input id={id} value={user} onChange={(e) => setUser(e.target.value)} autoComplete="username" required />}</Field>
        <Field label="Password">
          {(id) => <input id={id} type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" required />}
        </Field>
        <Field label="Sign-in method">
          {(id) => (
            <select id={id} value={mode} onChange={(e) => setMode(e.target.value as LoginMode)}>
              {offersCookie && <option value="cookie">Session cookie (OAuth)</option>}
              <option value="basic">Basic authentication</option>
            </select>
          )}
        </Field>
        {factor && (
          <>
            <p className="hint">{FACTOR_PROMPT[factor]}</p>
            <Field label="Verification code">
              {(id) => <input id={id} value={code} onChange={(e) => setCode(e.target.value)} inputMode="numeric" autoComplete="one-time-code" required />}
            </Field>
          </>
        )}
        <button type="submit" className="primary" disabled={busy}>{busy ? 'Signing in…' : factor ? 'Verify' : 'Sign in'}</button>
      </form>
    </main>
  );
}
