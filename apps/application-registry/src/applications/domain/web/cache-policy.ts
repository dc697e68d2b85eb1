/** A year, the longest `max-age` caches honour. */
const YEAR_SECONDS = 31536000;

/**
 * A content hash in a file name, as bundlers write them: 8 or more hex or base64url characters as a
 * part of the name between `.` or `-` separators, with at least one digit (so a plain word is no hash):
 * `index-3f2a9c1d.js`, `chunk.4f5e6a7b8c.css`, `main-BkR4_x9Q.js`.
 */
export function hasContentHash(name: string): boolean {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  return stem.split(/[.-]/).slice(1).some((part) => /^[A-Za-z0-9_]{8,}$/.test(part) && /\d/.test(part));
}

/**
 * The Cache-Control of a file (docs/api/applications.md): `private` always (what a caller may load
 * depends on who it is); a hashed asset name never changes content, so it is kept a year and
 * `immutable`; everything else (index.html, the single-page fallback, unhashed files) is revalidated
 * on each use with its ETag.
 */
export function cacheControlOf(name: string, fallback: boolean): string {
  if (!fallback && hasContentHash(name)) return `private, max-age=${YEAR_SECONDS}, immutable`;
  return 'private, no-cache';
}
