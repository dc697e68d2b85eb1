/**
 * The strong ETag of one file of one binary in one encoding: a binary never changes (a new version
 * is a new binary), so its id with the ZIP entry's CRC-32 and size names the bytes answered.
 */
export function etagOf(binaryId: string, crc32: number, size: number, coding?: string): string {
  return `"${binaryId}-${crc32.toString(16).padStart(8, '0')}-${size.toString(16)}${coding ? `-${coding}` : ''}"`;
}

/** Whether If-None-Match names `etag` (or is `*`); weak validators match by their opaque tag. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}
