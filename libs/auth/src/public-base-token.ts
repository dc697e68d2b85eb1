import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The internal header that carries the public base URL the gateway decided for a request (the
 * address the client used, docs/api/conventions.md) to the app that builds its links. The gateway
 * always sets it, whatever the client sent, and signs it with the internal key, so that an app
 * reached some other way never takes a base from the caller.
 */
export const PUBLIC_BASE_HEADER = 'x-berth-public-base';

/** Keeps a base's signature apart from any other value signed with the internal key. */
const PURPOSE = 'public-base:';

let lastSigned: { base: string; key: string; value: string } | undefined;
let lastVerified: { value: string; key: string; base: string } | undefined;

/**
 * The header value for `base`: `<hmac>.<base>`, HMAC-SHA256 (base64url) with the internal key. The
 * last value is remembered: nearly every request of a deployment has the same base.
 */
export function signPublicBase(base: string, key: string): string {
  if (lastSigned?.base === base && lastSigned.key === key) return lastSigned.value;
  const value = `${mac(base, key)}.${base}`;
  lastSigned = { base, key, value };
  return value;
}

/** The base a header value carries, or undefined when it is absent, malformed or not signed with `key`. Never throws. */
export function verifyPublicBase(value: string | string[] | undefined, key: string): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (lastVerified?.value === value && lastVerified.key === key) return lastVerified.base;
  const dot = value.indexOf('.');
  if (dot < 1) return undefined;
  const base = value.slice(dot + 1);
  const given = Buffer.from(value.slice(0, dot));
  const expected = Buffer.from(mac(base, key));
  if (base === '' || given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  lastVerified = { value, key, base };
  return base;
}

function mac(base: string, key: string): string {
  return createHmac('sha256', key).update(PURPOSE + base).digest('base64url');
}
