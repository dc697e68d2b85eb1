import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { Binary, Collection, GridFSBucket, ObjectId } from 'mongodb';
import type { Connection } from 'mongoose';

/** GridFS bucket of the binaries: collections `binaries.files` and `binaries.chunks`. */
export const BINARIES_BUCKET = 'binaries';
/** GridFS' default chunk size. */
const CHUNK_BYTES = 255 * 1024;
/** Chunks written per insert (about 1 MiB). */
const CHUNKS_PER_WRITE = 4;

export interface BinaryMetadata { applicationId: string; tenant: string; version: string; contentType: string }
export interface StoredBinary { id: string; length: number; filename: string; metadata?: BinaryMetadata }

interface FileDoc { _id: ObjectId; length: number; chunkSize: number; uploadDate: Date; filename: string; metadata?: BinaryMetadata }
interface ChunkDoc { _id: string | ObjectId; files_id: ObjectId; n: number; data: Binary }

/** The `_id` of chunk `n` of a file: known without a query, so every chunk is read and deleted by `_id` alone. */
const chunkId = (file: ObjectId, n: number) => `${file.toHexString()}:${n}`;

/**
 * Application binaries in the GridFS layout on the registry's database (any GridFS reader reads
 * them: chunks carry `files_id` and `n`), streamed in and out in 255 KiB chunks, never whole in
 * memory. Ids are ObjectId hex strings. Each chunk's `_id` is `<file id>:<n>` and is read and
 * deleted by that `_id` alone: FerretDB serves no other filter from an index, so the driver's
 * `{files_id, n}` query reads every chunk of every binary stored (on a database of 500 MB, an
 * image download takes longer than the orchestrator's 30 s).
 * A binary whose chunks have ObjectId ids (the driver's own layout) is read and deleted through the driver's bucket.
 */
@Injectable()
export class BinaryStore {
  private readonly bucket: GridFSBucket;
  private readonly files: Collection<FileDoc>;
  private readonly chunks: Collection<ChunkDoc>;
  private readonly deleteListeners: Array<(id: string) => void> = [];

  constructor(@InjectConnection() connection: Connection) {
    const db = connection.db!;
    this.bucket = new GridFSBucket(db as never, { bucketName: BINARIES_BUCKET });
    this.files = db.collection<FileDoc>(`${BINARIES_BUCKET}.files`);
    this.chunks = db.collection<ChunkDoc>(`${BINARIES_BUCKET}.chunks`);
  }

  /** Streams the file at `path` into the store and returns the new binary's id. A failed copy leaves no file behind. */
  putFile(path: string, filename: string, metadata: BinaryMetadata): Promise<string> {
    return this.putStream(createReadStream(path, { highWaterMark: CHUNK_BYTES }), filename, metadata);
  }

  async find(id: string): Promise<StoredBinary | undefined> {
    if (!ObjectId.isValid(id) || id.length !== 24) return undefined;
    const file = await this.files.findOne({ _id: new ObjectId(id) });
    return file ? { id, length: file.length, filename: file.filename, metadata: file.metadata } : undefined;
  }

  /** The binary's content, read a chunk at a time (the next one fetched while the last is consumed). */
  open(id: string): Readable {
    return Readable.from(this.contentOf(new ObjectId(id)), { objectMode: false, highWaterMark: 2 * CHUNK_BYTES });
  }

  /** Calls `listener` with the id of every binary this process deletes (caches of its content drop it). */
  onDelete(listener: (id: string) => void): void {
    this.deleteListeners.push(listener);
  }

  /** Deletes a binary; one already gone is fine. */
  async delete(id: string): Promise<void> {
    for (const listener of this.deleteListeners) listener(id);
    const _id = new ObjectId(id);
    const file = await this.files.findOne({ _id });
    if (!file) return;
    if (!(await this.keyed(_id))) {
      await this.bucket.delete(_id).catch((err: Error) => { if (!/File not found/i.test(err.message)) throw err; });
      return;
    }
    await this.files.deleteOne({ _id });
    await this.deleteChunks(_id, Math.ceil(file.length / file.chunkSize));
  }

  /** Copies a binary (a clone's active version) and returns the copy's id. */
  async copy(id: string, metadata: BinaryMetadata): Promise<string> {
    const source = await this.find(id);
    return this.putStream(this.open(id), source?.filename ?? 'binary.zip', metadata);
  }

  /** Stores `content` as a new binary and returns its id. Content that fails midway leaves no chunk behind. */
  async putStream(content: AsyncIterable<Buffer>, filename: string, metadata: BinaryMetadata): Promise<string> {
    const _id = new ObjectId();
    let length = 0;
    let n = 0;
    let pending: ChunkDoc[] = [];
    const flush = async () => {
      if (pending.length) await this.chunks.insertMany(pending, { ordered: true });
      pending = [];
    };
    try {
      for await (const chunk of rechunk(content, CHUNK_BYTES)) {
        pending.push({ _id: chunkId(_id, n), files_id: _id, n, data: new Binary(chunk) });
        n += 1;
        length += chunk.length;
        if (pending.length === CHUNKS_PER_WRITE) await flush();
      }
      await flush();
      await this.files.insertOne({ _id, length, chunkSize: CHUNK_BYTES, uploadDate: new Date(), filename, metadata });
    } catch (err) {
      await this.deleteChunks(_id, n).catch(() => undefined);
      throw err;
    }
    return _id.toHexString();
  }

  private async *contentOf(_id: ObjectId): AsyncGenerator<Buffer> {
    const file = await this.files.findOne({ _id });
    if (!file) throw new Error(`binary ${_id.toHexString()} not found`);
    const count = Math.ceil(file.length / file.chunkSize);
    if (count === 0) return;
    const first = await this.chunks.findOne({ _id: chunkId(_id, 0) });
    if (!first) {
      yield* this.bucket.openDownloadStream(_id) as AsyncIterable<Buffer>;
      return;
    }
    let next = count > 1 ? this.chunk(_id, 1) : undefined;
    yield Buffer.from(first.data.buffer);
    for (let n = 1; n < count; n++) {
      const current = await next!;
      next = n + 1 < count ? this.chunk(_id, n + 1) : undefined;
      yield current;
    }
  }

  private async chunk(file: ObjectId, n: number): Promise<Buffer> {
    const doc = await this.chunks.findOne({ _id: chunkId(file, n) });
    if (!doc) throw new Error(`chunk ${n} of binary ${file.toHexString()} is missing`);
    return Buffer.from(doc.data.buffer);
  }

  /** Whether the file's chunks have `<file id>:<n>` ids (every binary this store writes); one in the driver's layout is deleted through the driver. */
  private async keyed(_id: ObjectId): Promise<boolean> {
    return (await this.chunks.findOne({ _id: chunkId(_id, 0) }, { projection: { _id: 1 } })) !== null;
  }

  private async deleteChunks(_id: ObjectId, count: number): Promise<void> {
    for (let from = 0; from < count; from += 100) {
      const ids = Array.from({ length: Math.min(100, count - from) }, (_, i) => chunkId(_id, from + i));
      await this.chunks.bulkWrite(ids.map((id) => ({ deleteOne: { filter: { _id: id } } })), { ordered: false });
    }
  }
}

/** The bytes of `content` in pieces of exactly `size` bytes, the last one shorter. */
async function* rechunk(content: AsyncIterable<Buffer>, size: number): AsyncGenerator<Buffer> {
  let held: Buffer[] = [];
  let heldBytes = 0;
  for await (const piece of content) {
    held.push(piece);
    heldBytes += piece.length;
    while (heldBytes >= size) {
      const all = Buffer.concat(held, heldBytes);
      yield all.subarray(0, size);
      held = [all.subarray(size)];
      heldBytes -= size;
    }
  }
  if (heldBytes > 0) yield Buffer.concat(held, heldBytes);
}
