import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '@berth/http';
import type { ReceivedUpload } from '../application/commands/upload-binary/upload-binary.command';

/**
 * Part names that carry the binary: `file` (what clients send), `data` (the documented name) and
 * `applicationBinary` (the name `POST …/versions` takes), docs/api/applications.md.
 */
export const FILE_PARTS = ['file', 'data', 'applicationBinary'];
/** The part of `POST …/versions` naming the version and its tags: always read as a field (JSON parsed when declared so), never as a file. */
export const VERSION_PART = 'applicationVersion';
/** How many parts an upload may have (docs/api/applications.md): the file, `applicationVersion`, `fileName` and room for what clients add. */
export const UPLOAD_PART_LIMITS = { files: 4, fields: 8, parts: 12 } as const;
/** @fastify/multipart's codes for an upload past UPLOAD_PART_LIMITS. */
const PART_LIMIT_CODES = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);
/** Room for the multipart framing and a `fileName` part on top of the file itself. */
const FRAMING_BYTES = 64 * 1024;

const invalid = (message: string, headers: Record<string, string> = {}) => new DomainError('applications', 'Unprocessable Entity', message, headers);
const tooLarge = (max: number) => invalid(`the file is larger than the upload limit of ${max} bytes`, { connection: 'close' });

/** Which multipart parts are files (for @fastify/multipart): any with a filename and the binary parts without one; never `applicationVersion`. */
export function isPartAFile(fieldName: string | undefined, _contentType: string | undefined, fileName: string | undefined): boolean {
  if (fieldName === VERSION_PART) return false;
  return fileName !== undefined || FILE_PARTS.includes(fieldName ?? '');
}

/**
 * Streams the request's file part (`file`, `data` or `applicationBinary`, with or without a filename,
 * chunked or not) to a new temporary file under the OS temp dir; other parts are read and dropped, a
 * text part `fileName` (the JS client's) names the file when the part has no filename, and the
 * `applicationVersion` part is handed on as `versionPart`. The caller removes the file with `discard`.
 * @throws DomainError 422 when the request is not multipart, holds no file part, has an
 * `applicationVersion` declared JSON that is not, has more parts than UPLOAD_PART_LIMITS, or the
 * file passes `maxBytes` (refused by Content-Length before reading when it can be).
 */
export async function receiveUpload(req: FastifyRequest, maxBytes: number): Promise<ReceivedUpload> {
  if (!req.isMultipart()) throw invalid('the binary must be sent as multipart/form-data with the file in a part named "file", "data" or "applicationBinary"');
  const length = Number(req.headers['content-length']);
  if (Number.isFinite(length) && length > maxBytes + FRAMING_BYTES) throw tooLarge(maxBytes);
  const dir = await mkdtemp(join(tmpdir(), 'berth-upload-'));
  const discard = () => rm(dir, { recursive: true, force: true });
  const path = join(dir, 'binary');
  let found: { fileName?: string; contentType: string } | undefined;
  let fileNameField: string | undefined;
  let versionPart: unknown;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file' && !found && FILE_PARTS.includes(part.fieldname)) {
        await pipeline(part.file, createWriteStream(path));
        if (part.file.truncated) throw tooLarge(maxBytes);
        found = { fileName: part.filename || undefined, contentType: part.mimetype };
      } else if (part.type === 'file') {
        await pipeline(part.file, new Writable({ write: (_chunk, _enc, done) => done() }));
      } else if (part.fieldname === 'fileName' && typeof part.value === 'string') {
        fileNameField = part.value;
      } else if (part.type === 'field' && part.fieldname === VERSION_PART) {
        versionPart = part.value;
      }
    }
    if (!found) throw invalid('the upload has no file: send it in a multipart part named "file", "data" or "applicationBinary"');
    return { path, size: (await stat(path)).size, fileName: found.fileName ?? fileNameField, contentType: found.contentType, versionPart, discard };
  } catch (err) {
    await discard();
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    if (code === 'FST_INVALID_JSON_FIELD_ERROR') throw invalid('a part declared application/json does not hold JSON');
    if (code && PART_LIMIT_CODES.has(code)) {
      const { parts, fields, files } = UPLOAD_PART_LIMITS;
      throw invalid(`the upload has too many parts: at most ${parts} parts, of which ${fields} text fields and ${files} files`);
    }
    if (err instanceof DomainError) throw err;
    throw new DomainError('applications', 'Bad Request', `the multipart body cannot be read: ${(err as Error).message}`);
  }
}
