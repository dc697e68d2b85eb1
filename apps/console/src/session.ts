import { BasicAuth, Client, CookieAuth, type ICurrentUser } from '@c8y/client';
import { errorMessage, RequestError } from './errors';

/** How the console signs in: HTTP Basic on every request, or the platform's OAuth cookie with its XSRF token. */
export type LoginMode = 'basic' | 'cookie';

export interface Credentials { tenant: string; user: string; password: string; mode: LoginMode; tfaCode?: string }

/** A signed-in person: the client every page uses, who they are and what they may do. */
export interface Session {
  client: Client;
  tenant: string;
  user: ICurrentUser;
  roles: ReadonlySet<string>;
  mode: LoginMode;
  /** Headers that authenticate a request the console sends itself (uploads with progress, log streams). */
  authHeaders(): Record<string, string>;
  logout(): Promise<void>;
}

/** The second factor the platform asks for, read from its 401 (docs/api/tenants-users-auth.md). */
export type SecondFactor = 'totp' | 'sms' | 'setup';

/** A login refused because a second factor is missing: the console asks for the code and tries again. */
export class SecondFactorNeeded extends Error {
  constructor(readonly factor: SecondFactor, message: string) {
    super(message);
  }
}

export function secondFactorOf(message: string): SecondFactor | undefined {
  if (/TFA TOTP setup required/i.test(message)) return 'setup';
  if (/TFA TOTP code required/i.test(message)) return 'totp';
  if (/TFA SMS pin required/i.test(message)) return 'sms';
  return undefined;
}

const origin = () => window.location.origin;

/**
 * Signs in. The cookie flow posts the login form to `/tenant/oauth` (the platform answers with the
 * `authorization` and `XSRF-TOKEN` cookies) and then uses @c8y/client's CookieAuth; Basic checks
 * the credentials on the current user. With a code, Basic first exchanges it for a TFA token.
 */
export async function login(credentials: Credentials): Promise<Session> {
  if (credentials.mode === 'cookie') {
    await postLoginForm('/tenant/oauth', credentials);
    return open(new Client(new CookieAuth(), origin()), 'cookie');
  }
  const tfa = credentials.tfaCode ? (await postLoginForm('/tenant/oauth/token', credentials)).tfa_token as string : undefined;
  const auth = new BasicAuth({ tenant: credentials.tenant || undefined, user: credentials.user, password: credentials.password, tfa });
  return open(new Client(auth, origin()), 'basic');
}

/** The session the platform's cookie still holds after a reload, or undefined (then the login page shows). */
export async function resume(): Promise<Session | undefined> {
  if (!document.cookie.includes('XSRF-TOKEN=')) return undefined;
  try {
    return await open(new Client(new CookieAuth(), origin()), 'cookie');
  } catch {
    return undefined;
  }
}

async function open(client: Client, mode: LoginMode): Promise<Session> {
  const user = (await client.user.current().catch(loginFailure)).data as ICurrentUser;
  const { data: tenant } = await client.tenant.current();
  client.core.tenant = tenant.name;
  const roles = new Set((user.effectiveRoles ?? []).map((role) => String(role.id)));
  return {
    client, tenant: tenant.name, user, roles, mode,
    authHeaders: () => client.core.getFetchOptions({}).headers as Record<string, string>,
    // Ends the platform session (the cookie's token is revoked and the cookies cleared); Basic keeps nothing to end.
    logout: async () => {
      await client.core.fetch('/user/logout', { method: 'POST' }).catch(() => undefined);
    },
  };
}

/** Posts the login form (docs/api/tenants-users-auth.md) and answers its JSON body; a refusal is rethrown by loginFailure. */
async function postLoginForm(path: string, { tenant, user, password, tfaCode }: Credentials): Promise<Record<string, unknown>> {
  const form = new URLSearchParams({ grant_type: 'PASSWORD', username: user, password, ...(tfaCode ? { tfa_code: tfaCode } : {}) });
  const res = await fetch(`${path}${tenant ? `?tenant_id=${encodeURIComponent(tenant)}` : ''}`, {
    method: 'POST', body: form, credentials: 'same-origin',
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
  });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) return loginFailure(new RequestError(res.status, body));
  return body;
}

/** Rethrows a refused login as what the login page shows: a request for the second factor, or the platform's message. */
async function loginFailure(err: unknown): Promise<never> {
  const message = errorMessage(err);
  const factor = secondFactorOf(message);
  throw factor ? new SecondFactorNeeded(factor, message) : new Error(message);
}
