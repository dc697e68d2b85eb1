/**
 * Text rules the validators and the OpenAPI schemas share, spelled so that JavaScript and the
 * JSON Schema tools (which may run another regex engine) read them the same way.
 */

/** JavaScript's white space (what `\s` and `trim()` take), as the body of a regex character class. */
export const WHITESPACE = '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';

/** A pattern (unanchored, as JSON Schema applies it) that text with something other than white space matches. */
export const NOT_BLANK = `[^${WHITESPACE}]`;

/** The length of `text` in characters (code points), as JSON Schema's `minLength` and `maxLength` count it. */
export const textLength = (text: string): number => [...text].length;

/** A regex source matching exactly one of `words` in any ASCII case, e.g. `password` or `PassWord` for `PASSWORD`. */
export function anyCase(...words: string[]): string {
  const letter = (c: string) => (c.toLowerCase() === c.toUpperCase() ? c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : `[${c.toUpperCase()}${c.toLowerCase()}]`);
  return `^(?:${words.map((w) => [...w].map(letter).join('')).join('|')})$`;
}

/** A URL path segment percent-decoded, or as it is where it does not decode (a stray `%`). */
export function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
