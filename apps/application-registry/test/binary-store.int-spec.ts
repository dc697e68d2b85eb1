import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GridFSBucket, type CommandStartedEvent } from 'mongodb';
import mongoose from 'mongoose';
import { BinaryStore } from '../src/applications/infrastructure/binary.store';

const metadata = { applicationId: 'a1', tenant: 't1', version: '1.0.0', contentType: 'application/zip' };
const CHUNK = 255 * 1024;

async function contentOf(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** The binaries in the GridFS layout, every chunk read and deleted by `_id` alone; on the real store. */
describe('BinaryStore', () => {
  let connection: mongoose.Connection;
  let store: BinaryStore;
  let dir: string;
  const chunkFilters: unknown[] = [];

  beforeAll(async () => {
    connection = await mongoose.createConnection(process.env.MONGODB_URI!, { dbName: `bs${randomBytes(4).toString('hex')}_registry`, monitorCommands: true }).asPromise();
    connection.getClient().on('commandStarted', (e: CommandStartedEvent) => {
      const target = e.command[e.commandName];
      if (target === 'binaries.chunks' && (e.commandName === 'find' || e.commandName === 'delete')) chunkFilters.push(e.commandName === 'find' ? e.command.filter : e.command.deletes.map((d: { q: unknown }) => d.q));
    });
    store = new BinaryStore(connection);
    dir = await mkdtemp(join(tmpdir(), 'binary-store-'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
    await connection.dropDatabase();
    await connection.close();
  });

  const put = async (bytes: Buffer) => {
    const path = join(dir, randomBytes(4).toString('hex'));
    await writeFile(path, bytes);
    return store.putFile(path, 'app.zip', metadata);
  };

  it('stores, reads, copies and deletes a file of several chunks, each chunk by _id alone', async () => {
    const bytes = randomBytes(3 * CHUNK + 1234);
    const id = await put(bytes);
    expect(await store.find(id)).toEqual({ id, length: bytes.length, filename: 'app.zip', metadata });
    chunkFilters.length = 0;
    expect((await contentOf(store.open(id))).equals(bytes)).toBe(true);
    expect(chunkFilters).toEqual([0, 1, 2, 3].map((n) => ({ _id: `${id}:${n}` })));

    const copy = await store.copy(id, { ...metadata, applicationId: 'a2' });
    expect(copy).not.toBe(id);
    expect((await contentOf(store.open(copy))).equals(bytes)).toBe(true);

    chunkFilters.length = 0;
    await store.delete(id);
    expect(await store.find(id)).toBeUndefined();
    expect(await connection.db!.collection('binaries.chunks').countDocuments({ files_id: new mongoose.Types.ObjectId(id) })).toBe(0);
    expect(chunkFilters.flat().every((f) => Object.keys(f as object).join() === '_id')).toBe(true);
    expect((await contentOf(store.open(copy))).equals(bytes)).toBe(true);
    await store.delete(id);
  });

  it('stores an empty file', async () => {
    const id = await put(Buffer.alloc(0));
    expect((await store.find(id))?.length).toBe(0);
    expect((await contentOf(store.open(id))).length).toBe(0);
  });

  it('leaves nothing behind when the content fails midway', async () => {
    const before = await connection.db!.collection('binaries.chunks').countDocuments();
    async function* failing() {
      yield randomBytes(5 * CHUNK);
      throw new Error('client went away');
    }
    await expect(store.putStream(failing(), 'app.zip', metadata)).rejects.toThrow('client went away');
    expect(await connection.db!.collection('binaries.chunks').countDocuments()).toBe(before);
  });

  it('reads and deletes a binary written by the driver\'s bucket (ObjectId chunk ids)', async () => {
    const bucket = new GridFSBucket(connection.db! as never, { bucketName: 'binaries' });
    const bytes = randomBytes(2 * CHUNK + 7);
    const upload = bucket.openUploadStream('old.zip', { metadata });
    await pipeline(Readable.from([bytes]), upload);
    const id = upload.id.toHexString();
    expect((await contentOf(store.open(id))).equals(bytes)).toBe(true);
    await store.delete(id);
    expect(await store.find(id)).toBeUndefined();
    expect(await connection.db!.collection('binaries.chunks').countDocuments({ files_id: upload.id })).toBe(0);
  });
});
