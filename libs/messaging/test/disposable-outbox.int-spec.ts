import { OutboxRelay } from '../src';
import { eventually } from '@berth/testing';
import { MessagingFixture } from './messaging-fixture';

describe('an outbox collection whose documents only carry messages (disposable)', () => {
  let f: MessagingFixture;

  beforeEach(async () => {
    f = await new MessagingFixture().setUp();
  });
  afterEach(async () => {
    await f.tearDown();
  });

  const relay = (disposable: string[]) => f.track(new OutboxRelay({
    db: f.db, collections: ['aggregates'], disposable, publisher: f.publisher, owner: `test-${f.id}`, scanIntervalMs: 100, quietMs: 20,
  }));

  it('has each document deleted once its messages are published, each message published once', async () => {
    await f.writeAggregates(20); // not reported: the relay finds them with its first scan
    await relay(['aggregates']).start();
    await eventually(() => f.db.collection('aggregates').countDocuments({}), (v) => v === 0, { timeoutMs: 30000 });
    expect(await f.topicCount()).toBe(20);
  });

  it('keeps the documents of an ordinary outbox collection, with their entries removed', async () => {
    await f.writeAggregates(20);
    await relay([]).start();
    await eventually(() => f.db.collection('aggregates').countDocuments({ '_outbox.id': { $exists: true } }), (v) => v === 0, { timeoutMs: 30000 });
    expect(await f.db.collection('aggregates').countDocuments({})).toBe(20);
    expect(await f.topicCount()).toBe(20);
  });
});
