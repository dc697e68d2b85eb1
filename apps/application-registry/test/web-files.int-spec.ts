import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import mongoose from 'mongoose';
import { zip } from '@berth/testing';
import type { Outbox } from '@berth/runtime';
import type { RegistryConfig } from '../src/config/application-registry.env';
import { ApplicationRepository } from '../src/applications/infrastructure/application.repository';
import { BinaryStore } from '../src/applications/infrastructure/binary.store';
import { WebFilesCache } from '../src/applications/infrastructure/web-files.cache';

const metadata = { applicationId: 'a1', tenant: 't1', version: '1.0.0', contentType: 'application/zip' };
const KiB = 1024;

/** The web files cache and the context path lookup on the real store. */
describe('web application files', () => {
  let connection: mongoose.Connection;
  let store: BinaryStore;

  beforeAll(async () => {
    connection = await mongoose.createConnection(process.env.MONGODB_URI!, { dbName: `wf${randomBytes(4).toString('hex')}_registry` }).asPromise();
    store = new BinaryStore(connection);
  });

  afterAll(async () => {
    await connection.dropDatabase();
    await connection.close();
  });

  const config = (cacheBytes: number) => ({
    BERTH_WEB_FILES_CACHE_BYTES: cacheBytes, BERTH_UPLOAD_MAX_ENTRIES: 100, BERTH_UPLOAD_MAX_UNPACKED_BYTES: 64 * 1024 * KiB, BERTH_UPLOAD_MAX_COMPRESSION_RATIO: 100,
  }) as RegistryConfig;
  /** A web application's ZIP of about `bytes` unpacked. */
  const webZip = (bytes: number) => zip([{ name: 'index.html', data: '<html>' }, { name: 'assets/app.js', data: randomBytes(bytes) }]);
  const put = (data: Buffer) => store.putStream(Readable.from([data]), 'app.zip', metadata);
  /** Removes a binary's file document behind the cache's back: a cached binary is still served, a dropped one can no longer be loaded. */
  const vanish = (id: string) => connection.db!.collection('binaries.files').deleteOne({ _id: new mongoose.mongo.ObjectId(id) });

  it('unpacks a binary once, keeps the most recently used within its bytes, and drops a deleted binary at once', async () => {
    const cache = new WebFilesCache(store, config(700 * KiB));
    const [a, b, c] = await Promise.all([put(webZip(300 * KiB)), put(webZip(300 * KiB)), put(webZip(300 * KiB))]);
    const first = await cache.files(a);
    expect(first.files.get('index.html')).toMatchObject({ data: Buffer.from('<html>'), crc32: expect.any(Number) });
    expect(first.files.get('assets/app.js')!.data.length).toBe(300 * KiB);
    await cache.files(b);
    await cache.files(a); // a is now the most recently used
    await cache.files(c); // past the budget: b goes
    expect(cache.heldBytes).toBeLessThanOrEqual(700 * KiB);
    await Promise.all([vanish(a), vanish(b)]);
    await expect(cache.files(a)).resolves.toBe(first);
    await expect(cache.files(b)).rejects.toThrow(/not found/);

    await store.delete(c);
    await expect(cache.files(c)).rejects.toThrow(/not found/);
  });

  it('refuses a binary that unpacks to more than the whole cache', async () => {
    const cache = new WebFilesCache(store, config(200 * KiB));
    await expect(cache.files(await put(webZip(300 * KiB)))).rejects.toThrow(/unpacks to more than the limit/);
    expect(cache.heldBytes).toBe(0);
  });

  it('finds an application by its exact context path through the lookup, completed from the applications at start', async () => {
    const repository = new ApplicationRepository(connection, {} as Outbox);
    const apps = connection.db!.collection('applications');
    await apps.insertMany([
      { _id: 'w1', name: 'w1', key: 'w1', type: 'HOSTED', contextPath: 'shop', owner: 't1', availability: 'PRIVATE', _version: 1 },
      { _id: 'w2', name: 'w2', key: 'w2', type: 'HOSTED', contextPath: 'Shop', owner: 't1', availability: 'PRIVATE', _version: 1 },
      { _id: 'w3', name: 'w3', key: 'w3', type: 'EXTERNAL', externalUrl: 'https://x', owner: 't1', availability: 'PRIVATE', _version: 1 },
    ] as never[]);
    expect(await repository.findWebApplication('shop')).toBeNull();
    expect(await repository.completeContextPaths()).toBe(2);
    expect(await repository.completeContextPaths()).toBe(0);
    expect((await repository.findWebApplication('shop'))?._id).toBe('w1');
    expect((await repository.findWebApplication('Shop'))?._id).toBe('w2');
    expect(await repository.findWebApplication('SHOP')).toBeNull();
    // An entry whose application no longer holds the path finds nothing.
    await apps.updateOne({ _id: 'w1' as never }, { $set: { contextPath: 'store' } });
    expect(await repository.findWebApplication('shop')).toBeNull();
  });
});
