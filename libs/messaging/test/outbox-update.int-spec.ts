import { OutboxRelay, updateWithOutbox } from '../src';
import { eventually } from '@berth/testing';
import { MessagingFixture } from './messaging-fixture';

describe('updateWithOutbox: one aggregate written through two replicas', () => {
  let f: MessagingFixture;

  beforeEach(async () => {
    f = await new MessagingFixture().setUp();
  });
  afterEach(async () => {
    await f.tearDown();
  });

  const aggregates = () => f.db.collection<{ _id: string; version: number }>('aggregates');
  const relay = (owner: string) => f.track(new OutboxRelay({
    db: f.db, collections: ['aggregates'], publisher: f.publisher, owner, scanIntervalMs: 600_000, // no periodic scan during the test
  }));

  /** The aggregate versions on the topic, in the order its one partition holds them. */
  async function versionsOnTopic(expected: number): Promise<number[]> {
    const consumer = f.kafka.consumer({ groupId: `g${f.id}` });
    const versions: number[] = [];
    await consumer.connect();
    await consumer.subscribe({ topics: [f.topic], fromBeginning: true });
    await consumer.run({ eachMessage: async ({ message }) => { versions.push(JSON.parse(String(message.value)).aggregateVersion); } });
    await eventually(() => versions.length, (v) => v >= expected, { timeoutMs: 20_000 }).finally(() => consumer.disconnect());
    return versions;
  }

  it('publishes the entry another replica left in the document before the new one, without waiting for a scan', async () => {
    const holder = relay(`holder-${f.id}`);
    await holder.start();
    await eventually(async () => (await f.db.collection('_outbox_leases').findOne({ _id: 'aggregates' as never }))?.owner, (v) => v === `holder-${f.id}`, { timeoutMs: 60000 });
    const other = relay(`other-${f.id}`); // not the lease holder: it leaves its writes to the holder
    await other.start();
    await aggregates().insertOne({ _id: 'agg', version: 0 });

    const first = await updateWithOutbox(aggregates(), { _id: 'agg' }, { $set: { version: 1 } }, f.topic, [f.envelope('agg', 1)], other);
    const second = await updateWithOutbox(aggregates(), { _id: 'agg' }, { $set: { version: 2 } }, f.topic, [f.envelope('agg', 2)], holder);

    expect([first.matchedCount, first.modifiedCount, second.matchedCount, second.modifiedCount]).toEqual([1, 1, 1, 1]);
    expect(await versionsOnTopic(2)).toEqual([1, 2]);
  });

  it('matches nothing when the filter does not match, and reports nothing', async () => {
    const holder = relay(`holder-${f.id}`);
    await holder.start();
    await aggregates().insertOne({ _id: 'agg', version: 3 });
    const result = await updateWithOutbox(aggregates(), { _id: 'agg', version: 2 }, { $set: { version: 3 } }, f.topic, [f.envelope('agg', 3)], holder);
    expect([result.matchedCount, result.modifiedCount]).toEqual([0, 0]);
    expect(holder.stats().aggregates).toEqual({ unpublished: 0, unremoved: 0 });
    expect(await aggregates().findOne({ _id: 'agg' })).toEqual({ _id: 'agg', version: 3 });
  });
});
