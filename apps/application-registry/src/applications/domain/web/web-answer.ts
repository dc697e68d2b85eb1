import { cacheControlOf } from './cache-policy';
import { contentTypeOf, isHtml } from './content-type';
import { chooseEncoding, suffixOf } from './encoding';
import { etagOf, matchesEtag } from './etag';
import { filePathOf, hasExtension } from './request-path';

/** One file of a web application's ZIP: its bytes and the entry's CRC-32. */
export interface StoredFile { data: Buffer; crc32: number }
/** The files of one binary by their path in the ZIP. */
export interface FileSet { binaryId: string; files: ReadonlyMap<string, StoredFile> }
export interface FileRequest { acceptEncoding?: string; ifNoneMatch?: string }

export const INDEX = 'index.html';

/** What to answer: a file (200, or 304 without body), or a refusal (400 for a path refused, 404 for no such file). */
export type WebAnswer =
  | { kind: 'file'; status: 200 | 304; headers: Record<string, string>; body?: Buffer; html: boolean }
  | { kind: 'refused'; status: 400 | 404; message: string };

/**
 * The answer for `rawPath` (the URL after `/apps/<contextPath>/`) from a binary's files
 * (docs/api/applications.md): the folder itself is `index.html`; a path naming no file and without
 * an extension is `index.html` too (single-page applications route in the browser); a precompressed
 * `<file>.br` or `<file>.gz` is answered when Accept-Encoding allows it; strong ETags answer 304.
 */
export function webAnswer(set: FileSet, rawPath: string, request: FileRequest): WebAnswer {
  const path = filePathOf(rawPath);
  if (!path.ok) return { kind: 'refused', status: 400, message: `Invalid file path: ${path.reason}` };
  let name = path.name === '' ? INDEX : path.name;
  let fallback = false;
  if (!set.files.has(name)) {
    if (hasExtension(name) || !set.files.has(INDEX)) return { kind: 'refused', status: 404, message: `File ${name} not found` };
    name = INDEX;
    fallback = path.name !== '';
  }
  const coding = chooseEncoding(request.acceptEncoding, (c) => set.files.has(name + suffixOf(c)));
  const file = set.files.get(coding ? name + suffixOf(coding) : name)!;
  const contentType = contentTypeOf(name);
  const headers: Record<string, string> = {
    'content-type': contentType,
    'cache-control': cacheControlOf(name, fallback),
    etag: etagOf(set.binaryId, file.crc32, file.data.length, coding),
    vary: 'Accept-Encoding, Authorization, Cookie',
    ...(coding ? { 'content-encoding': coding } : {}),
  };
  if (matchesEtag(request.ifNoneMatch, headers.etag)) return { kind: 'file', status: 304, headers, html: isHtml(contentType) };
  return { kind: 'file', status: 200, headers: { ...headers, 'content-length': String(file.data.length) }, body: file.data, html: isHtml(contentType) };
}
