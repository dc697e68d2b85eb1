/** `Bearer <token>`, the scheme in any case, blanks around the token allowed (RFC 6750). */
const BEARER = /^Bearer\s+(\S+)\s*$/i;
const BLANK = /\s/;
const SCHEME = /^bearer$/i;

/**
 * The token of an `Authorization: Bearer <token>` header, or undefined for another scheme or a
 * malformed value. The usual form (one space after the scheme, nothing after the token) is read
 * without capturing: a token is most of a kilobyte and this runs on every request that carries one.
 */
export function parseBearer(header: string | undefined): string | undefined {
  if (!header) return undefined;
  if (header.charCodeAt(6) === 32 && (header.startsWith('Bearer') || SCHEME.test(header.slice(0, 6)))) {
    const token = header.slice(7);
    if (token.length > 0 && !BLANK.test(token)) return token;
  }
  return BEARER.exec(header)?.[1];
}
