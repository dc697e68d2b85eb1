import { useState } from 'react';
import type { ITotp } from '@c8y/client';
import { ErrorBanner, Loading } from '../../components/feedback';
import { Field } from '../../components/field';
import { useAction, useLoad, useSession } from '../../hooks';
import { requestJson } from '../../rest';
import { cleanCode, groupSecret, parseOtpauth } from './otpauth';

/**
 * The signed-in user's own account: who they are, and their TOTP second factor
 * (docs/api/tenants-users-auth.md#two-factor-authentication): make a secret, verify a code, turn it on.
 * The secret is shown as text to type into an authenticator app; the console draws no QR code.
 */
export function AccountPage({ onSignOut }: { onSignOut(): void }) {
  const { client, user, tenant } = useSession();
  const activity = useLoad(() => client.user.getActivityTotp().then((r) => r.data), 'totp');
  return (
    <section aria-labelledby="account-title">
      <h1 id="account-title">My account</h1>
      <dl className="facts">
        <dt>User</dt><dd>{user.userName}</dd>
        <dt>Tenant</dt><dd>{tenant}</dd>
        <dt>Email</dt><dd>{user.email ?? '—'}</dd>
      </dl>
      <section className="card" aria-labelledby="totp-title">
        <h2 id="totp-title">Two-factor authentication (TOTP)</h2>
        <ErrorBanner message={activity.error} />
        {activity.loading && !activity.data && <Loading what="the TOTP state" />}
        {activity.data?.isActive && <TotpActive onChanged={activity.reload} />}
        {activity.data && !activity.data.isActive && <TotpSetup onSignOut={onSignOut} />}
      </section>
    </section>
  );
}

function TotpActive({ onChanged }: { onChanged(): void }) {
  const { client } = useSession();
  const action = useAction();
  return (
    <>
      <p>TOTP is on: signing in asks for a code from your authenticator app.</p>
      <ErrorBanner message={action.error} />
      <button type="button" className="danger" disabled={action.busy}
        onClick={() => action.run(() => requestJson(client, '/user/currentUser/totpSecret/activity', { method: 'POST', body: { isActive: false } })).then((ok) => ok && onChanged())}>
        Turn TOTP off
      </button>
    </>
  );
}

/** Steps: a new secret, a code that proves the app has it, then switching TOTP on (which ends the current session). */
function TotpSetup({ onSignOut }: { onSignOut(): void }) {
  const { client } = useSession();
  const [secret, setSecret] = useState<ITotp>();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState<string>();
  const [verified, setVerified] = useState(false);
  const [active, setActive] = useState(false);
  const action = useAction();
  const parsed = secret && parseOtpauth(secret.secretQrUrl);

  async function verify(event: React.FormEvent) {
    event.preventDefault();
    const clean = cleanCode(code, parsed?.digits);
    setInvalid(clean ? undefined : `Enter the ${parsed?.digits ?? 6}-digit code your app shows`);
    if (clean && await action.run(() => client.user.verifyTotpCode(clean))) setVerified(true);
  }

  if (active) {
    return (
      <>
        <p role="status">TOTP is on. The platform ended this session: sign in again with your password and a code from your app.</p>
        <button type="button" className="primary" onClick={onSignOut}>Sign in again</button>
      </>
    );
  }
  if (!secret) {
    return (
      <>
        <p>TOTP is off for your user.</p>
        <ErrorBanner message={action.error} />
        <button type="button" className="primary" disabled={action.busy}
          onClick={() => action.run(async () => setSecret((await client.user.generateTotpSecret()).data))}>Set up TOTP</button>
      </>
    );
  }
  return (
    <>
      <p>Add this secret to your authenticator app by hand (as a time-based key), then enter the code it shows.</p>
      <dl className="facts">
        <dt>Secret</dt><dd><code className="secret">{groupSecret(secret.rawSecret)}</code></dd>
        {parsed && <><dt>Account</dt><dd>{parsed.issuer ? `${parsed.issuer}: ` : ''}{parsed.account}</dd></>}
        {parsed && <><dt>Code</dt><dd>{parsed.digits} digits, every {parsed.period} seconds, {parsed.algorithm}</dd></>}
      </dl>
      <ErrorBanner message={invalid ?? action.error} />
      {!verified ? (
        <form className="filters" onSubmit={verify}>
          <Field label="Code from your app">
            {(id) => <input id={id} value={code} onChange={(e) => setCode(e.target.value)} inputMode="numeric" autoComplete="one-time-code" required />}
          </Field>
          <button type="submit" className="primary" disabled={action.busy}>Verify code</button>
        </form>
      ) : (
        <>
          <p role="status">The code is right.</p>
          <button type="button" className="primary" disabled={action.busy}
            onClick={() => action.run(() => client.user.activateTotp()).then((ok) => ok && setActive(true))}>Turn TOTP on</button>
        </>
      )}
    </>
  );
}
