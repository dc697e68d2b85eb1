import { ConsumerRunner, Inbox, once } from '../src';
import { MessagingFixture, until } from './messaging-fixture';

/** Offsets the group has committed on the fixture's topic, summed over its partitions (none: 0). */
async function committed(f: MessagingFixture): Promise<number> {
  const admin = f.kafka.admin();
  await admin.connect();
  try {
    const [topic] = await admin.fetchOffsets({ groupId: `g${f.id}`, topics: [f.topic] });
    return topic.partitions.reduce((sum, p) => sum + Math.max(0, Number(p.offset)), 0);
  } finally {
    await admin.disconnect();
  }
}

describe('ConsumerRunner: offsets are committed from a timer, not after every batch', () => {
  let f: MessagingFixture;

  beforeEach(async () => {
    f = await new MessagingFixture().setUp();
  });
  afterEach(async () => {
    await f.tearDown();
  });

  function consumer(commitIntervalMs: number) {
    return f.track(new ConsumerRunner({
      kafka: f.kafka, groupId: `g${f.id}`, topics: [f.topic], publisher: f.publisher, commitIntervalMs,
      inbox: new Inbox(f.db.collection('inbox'), `g${f.id}`),
      handler: async (envelope, ctx) => {
        const { filter, update } = once({ _id: 'counter' }, { $inc: { n: 1 }, $push: { seen: envelope.aggregateId } }, ctx.messageId);
        await f.db.collection('effects').updateOne(filter, update as never);
      },
    }));
  }

  async function publish(count: number) {
    for (let i = 0; i < count; i++) {
      await f.publisher.publish(f.topic, f.envelope(`agg-${i}`));
    }
  }

  it('commits what an idle group handled within its interval', async () => {
    const runner = consumer(200);
    await runner.start();
    await publish(20);
    await until(async () => (await f.counter()).n === 20);
    // Nothing else arrives: only the timer can commit the last batch.
    await until(async () => (await committed(f)) === 20, 10000);
    await runner.stop();
  });

  it('commits nothing after each batch, and everything handled at stop', async () => {
    const runner = consumer(600_000);
    await runner.start();
    await publish(20);
    await until(async () => (await f.counter()).n === 20);
    expect(await committed(f)).toBe(0);
    await runner.stop();
    expect(await committed(f)).toBe(20);
    // The next member of the group starts after them.
    const next = consumer(600_000);
    await next.start();
    await publish(1);
    await until(async () => (await f.counter()).n === 21);
    await next.stop();
    expect(await committed(f)).toBe(21);
  });
});
