import { OutboxRelay, PUBLISHED_COLLECTION } from '../src';
import { eventually } from '@berth/testing';
import { MessagingFixture } from './messaging-fixture';

describe('OutboxRelay: the markers of published batches', () => {
  let f: MessagingFixture;

  beforeEach(async () => {
    f = await new MessagingFixture().setUp();
  });
  afterEach(async () => {
    await f.tearDown();
  });

  const relay = (quietMs?: number) => f.track(new OutboxRelay({
    db: f.db, collections: ['aggregates'], publisher: f.publisher, owner: `test-${f.id}`, scanIntervalMs: 100, quietMs,
  }));

  it('name the published entries by id, without their values', async () => {
    const r = relay(600_000); // never quiet: the entries stay, and so do the markers
    await r.start();
    const ids = await f.writeAggregates(5, r);
    await eventually(() => f.topicCount(), (v) => v === 5, { timeoutMs: 60000 });
    await r.stop();
    const markers = await f.db.collection(PUBLISHED_COLLECTION).find().toArray();
    const docs = markers.flatMap((m) => m.docs as Array<Record<string, unknown>>);
    expect(docs.map((d) => d.id).sort()).toEqual([...ids].sort());
    for (const d of docs) {
      expect(Object.keys(d).sort()).toEqual(['id', 'ids']);
      expect(d.ids).toHaveLength(1);
    }
  });

  it('holding whole entries are honoured by a relay taking over', async () => {
    const ids = await f.writeAggregates(10);
    const marked = await f.db.collection('aggregates').find({ _id: { $in: ids.slice(0, 4) } as never }).toArray();
    await f.db.collection(PUBLISHED_COLLECTION).insertOne({
      _id: 'earlier' as never, collection: 'aggregates', docs: marked.map((d) => ({ id: d._id, records: d._outbox })), at: new Date(),
    });
    const r = relay();
    await r.start();
    await eventually(async () => (await r.backlog()).aggregates, (v) => v === 0, { timeoutMs: 60000 });
    await r.stop();
    expect(await f.topicCount()).toBe(6); // the four marked were not published again
    expect(await f.db.collection(PUBLISHED_COLLECTION).countDocuments()).toBe(0);
  });
});
