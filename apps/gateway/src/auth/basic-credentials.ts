/** What an `Authorization: Basic` header says: `tenant/user:password` or `user:password`. */
export interface BasicCredentials { tenant?: string; user: string; password: string }

/**
 * Parses `Authorization: Basic <base64>`. Undefined for any other scheme, a bare `Basic`, bad
 * base64, or a value without `:` — the caller answers those with 401.
 */
export function parseBasic(header: string | undefined): BasicCredentials | undefined {
  if (!header || header.length < 7 || header.slice(0, 6).toLowerCase() !== 'basic ') return undefined;
  const encoded = header.slice(6).trim();
  if (!encoded || !/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  const name = decoded.slice(0, colon);
  const password = decoded.slice(colon + 1);
  const slash = name.indexOf('/');
  if (slash === -1) return { user: name, password };
  const tenant = name.slice(0, slash);
  const user = name.slice(slash + 1);
  return tenant && user ? { tenant, user, password } : undefined;
}

/** The first label of a Host header (`acme.example.com:8080` → `acme`), lower case; undefined for IP addresses. */
export function hostLabel(host: string | undefined): string | undefined {
  if (!host) return undefined;
  const name = host.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  if (/^[\d.]+$/.test(name) || name.includes(':')) return undefined;
  return name.split('.')[0].toLowerCase() || undefined;
}
