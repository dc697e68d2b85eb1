import { ConsumerRunner, Inbox, once, OutboxRelay, PUBLISHED_COLLECTION } from '../src';
import { eventually } from '@berth/testing';
import { MessagingFixture } from './messaging-fixture';

/** Short, so a crashed relay's lease expires quickly. */
const LEASE_TTL_MS = 2000;

/** An in-process consumer whose effect is the fixture's guarded counter. */
function counterConsumer(f: MessagingFixture, inboxCollection = 'inbox', fail = false) {
  return f.track(new ConsumerRunner({
    kafka: f.kafka, groupId: `g${f.id}`, topics: [f.topic], publisher: f.publisher,
    inbox: new Inbox(f.db.collection(inboxCollection), `g${f.id}`),
    maxAttempts: 3, backoff: { initialMs: 10, maxMs: 50 },
    handler: async (envelope, ctx) => {
      if (fail) throw new Error('handler always fails');
      const { filter, update } = once({ _id: 'counter' }, { $inc: { n: 1 }, $push: { seen: envelope.aggregateId } }, ctx.messageId);
      await f.db.collection('effects').updateOne(filter, update as never);
    },
  }));
}

function relay(f: MessagingFixture) {
  return f.track(new OutboxRelay({
    db: f.db, collections: ['aggregates'], publisher: f.publisher, owner: `test-${f.id}`, scanIntervalMs: 100, leaseTtlMs: LEASE_TTL_MS,
  }));
}

describe('outbox → Kafka → consumer: exactly one effect per message', () => {
  let f: MessagingFixture;

  beforeEach(async () => {
    f = await new MessagingFixture().setUp();
  });
  afterEach(async () => {
    await f.tearDown();
  });

  it('when the consumer is killed mid-batch and restarted', async () => {
    const r = relay(f);
    await r.start();
    const ids = await f.writeAggregates(300, r); // published as reported, without a scan
    const first = f.worker('consumer-worker', { TEST_DELAY_MS: '5' });
    await eventually(() => first.output(), (out) => /handled 60\n/.test(out), { timeoutMs: 60000, what: 'the first worker handled 60 messages' });
    first.child.kill('SIGKILL');
    await first.exited;
    const before = (await f.counter()).n;
    expect(before).toBeGreaterThanOrEqual(60);
    expect(before).toBeLessThan(300);
    const second = f.worker('consumer-worker');
    const result = await f.settle(300);
    second.child.kill('SIGKILL');
    expect(result.n).toBe(300);
    expect([...result.seen].sort()).toEqual([...ids].sort());
    // Published entries leave their documents once the relay has nothing to publish.
    await eventually(async () => (await r.backlog()).aggregates, (v) => v === 0, { timeoutMs: 60000 });
    expect(await f.db.collection(PUBLISHED_COLLECTION).countDocuments()).toBe(0);
    await r.stop();
  });

  it('when the broker delivers the same message twice, and the group re-reads the topic', async () => {
    const a = f.envelope('agg-a');
    await f.publisher.publish(f.topic, a);
    await f.publisher.publish(f.topic, a);
    await f.publisher.publish(f.topic, f.envelope('agg-b'));
    expect(await f.topicCount()).toBe(3);

    const consumer = counterConsumer(f);
    await consumer.start();
    expect((await f.settle(2)).n).toBe(2);
    await consumer.stop();

    const admin = f.kafka.admin();
    await admin.connect();
    await admin.resetOffsets({ groupId: `g${f.id}`, topic: f.topic, earliest: true });
    await admin.disconnect();
    // A new inbox collection: only the guard inside the effect's own write stands in the way.
    const again = counterConsumer(f, 'inbox-lost');
    await again.start();
    await eventually(() => f.db.collection('inbox-lost').countDocuments({ done: true }), (v) => v === 2, { timeoutMs: 60000 });
    await again.stop();
    const result = await f.counter();
    expect(result.n).toBe(2);
    expect(result.seen.sort()).toEqual(['agg-a', 'agg-b']);
  });

  /** Writes 50 aggregates and runs a relay worker that SIGKILLs itself at `crashAfter`; returns the ids. */
  async function crashRelay(crashAfter: 'publish' | 'record', said: string): Promise<string[]> {
    const ids = await f.writeAggregates(50);
    const crashing = f.worker('relay-worker', { CRASH_AFTER: crashAfter, LEASE_TTL_MS: String(LEASE_TTL_MS) });
    await crashing.exited;
    expect(crashing.child.signalCode).toBe('SIGKILL');
    expect(crashing.output()).toContain(said);
    expect(await f.topicCount()).toBe(50);
    expect(await f.db.collection('aggregates').countDocuments({ '_outbox.id': { $exists: true } })).toBe(50);
    return ids;
  }

  /** A new relay takes over and empties the outbox; then a consumer must see each id exactly once. */
  async function takeOverAndConsume(ids: string[], expectedOnTopic: number) {
    const r = relay(f);
    await r.start();
    await eventually(async () => (await r.backlog()).aggregates, (v) => v === 0, { timeoutMs: 60000 });
    expect(await f.db.collection(PUBLISHED_COLLECTION).countDocuments()).toBe(0);
    expect(await f.topicCount()).toBe(expectedOnTopic);
    const consumer = counterConsumer(f);
    await consumer.start();
    const result = await f.settle(50);
    await consumer.stop();
    await r.stop();
    expect(result.n).toBe(50);
    expect([...result.seen].sort()).toEqual([...ids].sort());
  }

  it('when the relay crashes after publishing and before recording or removing the entries', async () => {
    const ids = await crashRelay('publish', 'published 50');
    await takeOverAndConsume(ids, 100); // published again: the consumers' inbox and guard absorb it
  });

  it('when the relay crashes after recording a batch as published, before removing its entries', async () => {
    const ids = await crashRelay('record', 'recorded');
    await takeOverAndConsume(ids, 50); // the record kept the new relay from publishing again
  });

  it('parks a message that keeps failing in <topic>.dlq, with no effect', async () => {
    await f.writeAggregates(1);
    const r = relay(f);
    await r.start();
    const consumer = counterConsumer(f, 'inbox', true);
    await consumer.start();
    await eventually(() => f.topicCount(`${f.topic}.dlq`), (v) => v === 1, { timeoutMs: 30000 });
    await consumer.stop();
    await r.stop();
    expect((await f.counter()).n).toBe(0);
  });
});
