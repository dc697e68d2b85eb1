import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { GridFSBucket, ObjectId } from 'mongodb';
import type { Connection } from 'mongoose';

/** GridFS bucket of the binaries: collections `binaries.files` and `binaries.chunks`. */
export const BINARIES_BUCKET = 'binaries';

export interface BinaryMetadata { applicationId: string; tenant: string; version: string; contentType: string }
export interface StoredBinary { id: string; length: number; filename: string; metadata?: BinaryMetadata }

/**
 * Application binaries in GridFS on the registry's database. Files go in and out as streams
 * (255 KiB chunks), never whole in memory. Ids are ObjectId hex strings.
 */
@Injectable()
export class BinaryStore {
  private readonly bucket: GridFSBucket;

  constructor(@InjectConnection() connection: Connection) {
    this.bucket = new GridFSBucket(connection.db! as never, { bucketName: BINARIES_BUCKET });
  }

  /** Streams the file at `path` into GridFS and returns the new binary's id. A failed copy leaves no file behind. */
  async putFile(path: string, filename: string, metadata: BinaryMetadata): Promise<string> {
    const upload = this.bucket.openUploadStream(filename, { metadata });
    try {
      await pipeline(createReadStream(path), upload);
    } catch (err) {
      await this.bucket.delete(upload.id).catch(() => undefined);
      throw err;
    }
    return upload.id.toHexString();
  }

  async find(id: string): Promise<StoredBinary | undefined> {
    if (!ObjectId.isValid(id) || id.length !== 24) return undefined;
    const file = await this.bucket.find({ _id: new ObjectId(id) }).next();
    return file ? { id, length: file.length, filename: file.filename, metadata: file.metadata as BinaryMetadata | undefined } : undefined;
  }

  open(id: string): Readable {
    return this.bucket.openDownloadStream(new ObjectId(id));
  }

  /** Deletes a binary; one already gone is fine. */
  async delete(id: string): Promise<void> {
    try {
      await this.bucket.delete(new ObjectId(id));
    } catch (err) {
      if (!/File not found/i.test((err as Error).message)) throw err;
    }
  }

  /** Copies a binary (a clone's active version) and returns the copy's id. */
  async copy(id: string, metadata: BinaryMetadata): Promise<string> {
    const source = await this.find(id);
    const upload = this.bucket.openUploadStream(source?.filename ?? 'binary.zip', { metadata });
    await pipeline(this.open(id), upload);
    return upload.id.toHexString();
  }
}
