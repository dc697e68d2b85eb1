import { CommandStartedEvent, CommandSucceededEvent, MongoClient } from 'mongodb';
import { OutboxRelay } from '../src';
import { eventually } from '@berth/testing';
import { MessagingFixture } from './messaging-fixture';

const DOCS = 2000;

describe('OutboxRelay: a periodic scan', () => {
  let f: MessagingFixture;
  let monitored: MongoClient;

  beforeEach(async () => {
    f = await new MessagingFixture().setUp();
    monitored = await new MongoClient(process.env.MONGODB_URI!, { monitorCommands: true }).connect();
  });
  afterEach(async () => {
    await f.tearDown();
    await monitored.close();
  });

  it('does not hold back a write reported while it reads: the write is published before the scan ends', async () => {
    // Documents whose entries get published and then stay (the relay is never quiet), so every scan reads them all.
    await f.db.collection('aggregates').insertMany(Array.from({ length: DOCS }, (_, i) => f.aggregate(`old-${i}`)));
    const events: string[] = [];
    let scanStarted: (() => void) | undefined;
    monitored.on('commandStarted', (e: CommandStartedEvent) => {
      if (e.commandName === 'find' && e.command.find === 'aggregates') events.push('scan');
      if (e.commandName === 'getMore' && e.command.collection === 'aggregates' && events.at(-1) === 'scan') scanStarted?.();
    });
    monitored.on('commandSucceeded', (e: CommandSucceededEvent) => {
      const reply = e.reply as { cursor?: { id?: unknown } };
      if (e.commandName === 'getMore' && reply.cursor && String(reply.cursor.id) === '0') events.push('scan end');
    });
    const relay = f.track(new OutboxRelay({
      db: monitored.db(f.dbName), collections: ['aggregates'], publisher: f.publisher, owner: `test-${f.id}`, scanIntervalMs: 100, quietMs: 600_000,
      afterPublish: (records) => { if (records.some((r) => r.key === 'new')) events.push('published'); },
    }));
    await relay.start();
    await eventually(() => f.topicCount(), (v) => v === DOCS, { timeoutMs: 60000 });

    // The next scan's first round trip for more documents: report a write now.
    await new Promise<void>((resolve) => { scanStarted = resolve; });
    scanStarted = undefined;
    const doc = f.aggregate('new');
    await f.db.collection('aggregates').insertOne(doc);
    relay.written('aggregates', 'new', doc._outbox);
    events.push('reported');
    await eventually(() => events, (seen) => seen.includes('published'), { timeoutMs: 60000 });
    await eventually(() => events, (seen) => seen.lastIndexOf('scan end') > seen.indexOf('reported'), { timeoutMs: 60000 });

    const after = events.slice(events.indexOf('reported'));
    expect(after.indexOf('published')).toBeLessThan(after.indexOf('scan end'));
    expect(await f.topicCount()).toBe(DOCS + 1);
  });
});
