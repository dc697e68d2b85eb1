/** `Bearer <token>`, the scheme in any case, blanks around the token allowed (RFC 6750). */
const BEARER = /^Bearer\s+(\S+)\s*$/i;
const BLANK = /\s/;
const SCHEME = 'bearer';

/**
 * The token of an `Authorization: Bearer <token>` header, or undefined for another scheme or a
 * malformed value. Another scheme (Basic, on every request that carries it) is told apart by its
 * first six characters, without a regular expression; the usual form (one space after the scheme,
 * nothing after the token) is read without capturing: a token is most of a kilobyte.
 */
export function parseBearer(header: string | undefined): string | undefined {
  if (!header || !hasBearerScheme(header)) return undefined;
  if (header.charCodeAt(6) === 32) {
    const token = header.slice(7);
    if (token.length > 0 && !BLANK.test(token)) return token;
  }
  return BEARER.exec(header)?.[1];
}

/** True when `header` starts with `bearer` in any case and has more after it. */
function hasBearerScheme(header: string): boolean {
  if (header.length <= SCHEME.length) return false;
  // Setting bit 0x20 lower-cases an ASCII letter, and no other character becomes one of the scheme's letters.
  for (let i = 0; i < SCHEME.length; i++) if ((header.charCodeAt(i) | 0x20) !== SCHEME.charCodeAt(i)) return false;
  return true;
}
