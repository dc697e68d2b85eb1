import { MongoClient } from 'mongodb';
import { isDuplicateKey, OutboxInserts, OutboxRelay } from '../src';
import { eventually } from '@berth/testing';
import { MessagingFixture } from './messaging-fixture';

describe('OutboxInserts (group commit of outbox inserts, real store and Kafka)', () => {
  let f: MessagingFixture;
  let monitored: MongoClient;
  const inserts: number[] = [];

  beforeEach(async () => {
    f = await new MessagingFixture().setUp();
    monitored = await new MongoClient(process.env.MONGODB_URI!, { monitorCommands: true }).connect();
    inserts.length = 0;
    monitored.on('commandStarted', (e) => {
      if (e.commandName === 'insert' && e.command.insert === 'aggregates') inserts.push((e.command.documents as unknown[]).length);
    });
  });
  afterEach(async () => {
    await f.tearDown();
    await monitored.close();
  });

  it('stores concurrent inserts in fewer commands, each once, and the relay publishes each message once', async () => {
    const relay = f.track(new OutboxRelay({ db: monitored.db(f.dbName), collections: ['aggregates'], publisher: f.publisher, owner: `test-${f.id}`, scanIntervalMs: 60_000 }));
    await relay.start();
    const writer = new OutboxInserts(relay);
    const aggregates = monitored.db(f.dbName).collection('aggregates');
    await Promise.all(Array.from({ length: 60 }, (_, i) => writer.insert(aggregates, f.aggregate(`agg-${i}`))));

    expect(inserts.reduce((a, b) => a + b, 0)).toBe(60);
    expect(inserts.length).toBeLessThan(60);
    expect(Math.max(...inserts)).toBeGreaterThan(1);
    expect(await f.db.collection('aggregates').countDocuments({})).toBe(60);
    // The relay's scan is a minute away: every message it publishes now, it was told of by the writer.
    // Once its backlog is empty the relay has published and removed every entry: nothing is left to publish again.
    await eventually(async () => (await relay.backlog()).aggregates, (v) => v === 0, { timeoutMs: 30000, what: 'the relay\'s backlog is empty' });
    expect(await f.topicCount()).toBe(60);
  });

  it('rejects only the duplicate of a batch, with code 11000, and tells the relay nothing about it', async () => {
    const told: string[] = [];
    const writer = new OutboxInserts({ written: (_c, id) => void told.push(String(id)), whenPublished: async () => new Map() });
    const aggregates = monitored.db(f.dbName).collection('aggregates');
    await writer.insert(aggregates, f.aggregate('taken'));
    const outcomes = await Promise.allSettled(['a', 'b', 'taken', 'c'].map((id) => writer.insert(aggregates, f.aggregate(id))));

    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(isDuplicateKey((outcomes[2] as PromiseRejectedResult).reason)).toBe(true);
    expect(told.sort()).toEqual(['a', 'b', 'c', 'taken']);
    expect(inserts).toEqual([1, 4]);
  });
});
