import { createHmac, KeyObject, timingSafeEqual, verify as verifySignature, sign as createSignature } from 'node:crypto';

export type JwtAlgorithm = 'HS256' | 'RS256';

export interface DecodedJwt {
  header: { alg?: unknown; typ?: unknown; kid?: unknown };
  payload: Record<string, unknown>;
  signingInput: string;
  signature: Buffer;
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A compact JWS: HS256 with a secret, or RS256 with an RSA private key. */
export function signJwt(payload: object, alg: JwtAlgorithm, key: Buffer | KeyObject, kid?: string): string {
  const input = `${b64({ alg, typ: 'JWT', ...(kid ? { kid } : {}) })}.${b64(payload)}`;
  const signature = alg === 'HS256'
    ? createHmac('sha256', key as Buffer).update(input).digest()
    : createSignature('sha256', Buffer.from(input), key as KeyObject);
  return `${input}.${signature.toString('base64url')}`;
}

/** The parts of a compact JWS, or undefined when it is not one (three base64url parts, JSON header and payload). */
export function decodeJwt(token: string): DecodedJwt | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]*$/.test(p))) return undefined;
  try {
    const header = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'));
    const payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    if (!header || typeof header !== 'object' || Array.isArray(header) || !payload || typeof payload !== 'object' || Array.isArray(payload)) return undefined;
    return { header, payload, signingInput: `${parts[0]}.${parts[1]}`, signature: Buffer.from(parts[2], 'base64url') };
  } catch {
    return undefined;
  }
}

/**
 * Whether the token is signed with `alg` and `key`. The header must name exactly `alg`: a token
 * that says `none`, or HS256 when RS256 is expected (a public key used as an HMAC secret), fails.
 */
export function hasValidSignature(jwt: DecodedJwt, alg: JwtAlgorithm, key: Buffer | KeyObject): boolean {
  if (jwt.header.alg !== alg) return false;
  if (alg === 'HS256') {
    const expected = createHmac('sha256', key as Buffer).update(jwt.signingInput).digest();
    return expected.length === jwt.signature.length && timingSafeEqual(expected, jwt.signature);
  }
  try {
    return verifySignature('sha256', Buffer.from(jwt.signingInput), key as KeyObject, jwt.signature);
  } catch {
    return false;
  }
}

/** Whether `nbf`/`exp` (seconds) admit `now` (ms), with `skewSeconds` of tolerance either way. */
export function isWithinValidity(payload: Record<string, unknown>, now = Date.now(), skewSeconds = 30): boolean {
  const seconds = now / 1000;
  if (typeof payload.exp !== 'number' || payload.exp + skewSeconds < seconds) return false;
  return payload.nbf === undefined || (typeof payload.nbf === 'number' && payload.nbf - skewSeconds <= seconds);
}
