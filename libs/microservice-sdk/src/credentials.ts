/** Credentials of a platform user; `tenant` may be empty when the platform derives it. */
export interface Credentials { tenant: string; user: string; password: string }

/** The `Authorization` header of Basic credentials, `tenant/user:password` (or `user:password` without a tenant). */
export function basicAuthorization({ tenant, user, password }: Credentials): string {
  const name = tenant ? `${tenant}/${user}` : user;
  return `Basic ${Buffer.from(`${name}:${password}`).toString('base64')}`;
}

/** The tenant and user named by a Basic `Authorization` header, or undefined when it is not Basic. */
export function parseBasic(header: string | undefined): { tenant?: string; user: string } | undefined {
  const match = /^Basic\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  const name = decoded.slice(0, colon);
  const slash = name.indexOf('/');
  return slash > 0 ? { tenant: name.slice(0, slash), user: name.slice(slash + 1) } : { user: name };
}
