import { randomBytes } from 'node:crypto';
import { Collection, MongoClient } from 'mongodb';
import { CutPoint, TcpRelay } from '@berth/testing';
import { isDuplicateKey, WriteBatch } from '../src';

interface Row { _id: string; batch: string }

/**
 * WriteBatch on the real store, its connection cut under it by a relay: a batch whose insertMany
 * fails with no write named (the connection dropped) is sent again write by write, or, without
 * resending, fails for every caller. Either way each document is stored at most once.
 */
describe('WriteBatch: a dropped connection to the store', () => {
  const dbName = `${process.env.BERTH_TEST_DB_PREFIX ?? 'berthtest'}_writebatch_${randomBytes(4).toString('hex')}`;
  let relay: TcpRelay;
  let relayed: MongoClient;
  let direct: MongoClient;

  beforeAll(async () => {
    const store = new URL(process.env.MONGODB_URI!);
    relay = await new TcpRelay(store.hostname, Number(store.port)).start();
    const viaRelay = new URL(store.href);
    viaRelay.host = `127.0.0.1:${relay.port}`;
    viaRelay.searchParams.set('directConnection', 'true');
    viaRelay.searchParams.set('serverSelectionTimeoutMS', '5000');
    relayed = await new MongoClient(viaRelay.href).connect();
    direct = await new MongoClient(store.href).connect();
  });

  afterAll(async () => {
    await direct.db(dbName).dropDatabase().catch(() => undefined);
    await relayed.close(true).catch(() => undefined);
    await direct.close();
    await relay.stop();
  });

  /** A collection of its own; the writes go through the relay, and each `send` is noted by its size. */
  function target() {
    const name = `rows_${randomBytes(4).toString('hex')}`;
    const sends: number[] = [];
    const rows: Collection<Row> = relayed.db(dbName).collection<Row>(name);
    const send = (docs: Row[]) => {
      sends.push(docs.length);
      return rows.insertMany(docs, { ordered: false });
    };
    return { name, sends, send, stored: () => direct.db(dbName).collection<Row>(name).find().sort({ _id: 1 }).toArray() };
  }

  /** Five writes made in one turn (one batch), with the connection cut at `at` under the batch's insertMany. */
  async function cutBatch(batch: (send: (docs: Row[]) => Promise<unknown>) => WriteBatch<Row>, at: CutPoint) {
    const t = target();
    const writes = batch(t.send);
    const cut = relay.cutOn(t.name, at);
    const ids = ['r1', 'r2', 'r3', 'r4', 'r5'];
    const outcomes = await Promise.allSettled(ids.map((_id) => writes.write({ _id, batch: t.name })));
    await cut;
    return { ids, outcomes, sends: t.sends, stored: await t.stored() };
  }

  it('resends each write of a batch cut before it reached the store: all stored, once each', async () => {
    const { ids, outcomes, sends, stored } = await cutBatch((send) => WriteBatch.inserts(send), 'request');
    expect(sends).toEqual([5, 1, 1, 1, 1, 1]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(stored.map((r) => r._id)).toEqual(ids);
  });

  it('resends each write of a batch stored but unanswered: each caller hears a duplicate key, each document is there once', async () => {
    const { ids, outcomes, sends, stored } = await cutBatch((send) => WriteBatch.inserts(send), 'answer');
    expect(sends).toEqual([5, 1, 1, 1, 1, 1]);
    for (const o of outcomes) {
      expect(o.status).toBe('rejected');
      expect(isDuplicateKey((o as PromiseRejectedResult).reason)).toBe(true);
    }
    expect(stored.map((r) => r._id)).toEqual(ids);
  });

  it('without resending, fails every write of a batch cut before the store: nothing stored, nothing sent twice', async () => {
    const { outcomes, sends, stored } = await cutBatch((send) => WriteBatch.inserts(send, { resendEach: false }), 'request');
    expect(sends).toEqual([5]);
    for (const o of outcomes) {
      expect(o.status).toBe('rejected');
      expect(isDuplicateKey((o as PromiseRejectedResult).reason)).toBe(false);
    }
    expect(stored).toEqual([]);
  });

  it('without resending, fails every write of a batch stored but unanswered: the caller cannot know, each document is there once', async () => {
    const { ids, outcomes, sends, stored } = await cutBatch((send) => WriteBatch.inserts(send, { resendEach: false }), 'answer');
    expect(sends).toEqual([5]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected', 'rejected']);
    expect(stored.map((r) => r._id)).toEqual(ids);
  });

  it('a batch after the cut goes through the new connection as one insertMany', async () => {
    const t = target();
    const writes = WriteBatch.inserts(t.send);
    await Promise.all(['a', 'b', 'c'].map((_id) => writes.write({ _id, batch: t.name })));
    expect(t.sends).toEqual([3]);
    expect((await t.stored()).map((r) => r._id)).toEqual(['a', 'b', 'c']);
  });
});
