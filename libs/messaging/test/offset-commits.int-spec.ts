import { ConsumerRunner, Inbox, once } from '../src';
import { eventually } from '@berth/testing';
import { MessagingFixture } from './messaging-fixture';

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

  it('commits, from its timer, what an idle group handled: no later message is needed', async () => {
    const runner = consumer(200);
    await runner.start();
    await f.publishNumbered(0, 20);
    await eventually(async () => (await f.counter()).n, (v) => v === 20, { timeoutMs: 60000 });
    // Nothing else arrives: only the timer can commit the last batch.
    await eventually(() => f.committed(), (v) => v === 20, { timeoutMs: 10000 });
    await runner.stop();
  });

  it('commits nothing after each batch, and everything handled at stop', async () => {
    const runner = consumer(600_000);
    await runner.start();
    await f.publishNumbered(0, 20);
    await eventually(async () => (await f.counter()).n, (v) => v === 20, { timeoutMs: 60000 });
    expect(await f.committed()).toBe(0);
    await runner.stop();
    expect(await f.committed()).toBe(20);
    // The next member of the group starts after them.
    const next = consumer(600_000);
    await next.start();
    await f.publishNumbered(0, 1);
    await eventually(async () => (await f.counter()).n, (v) => v === 21, { timeoutMs: 60000 });
    await next.stop();
    expect(await f.committed()).toBe(21);
  });
});
