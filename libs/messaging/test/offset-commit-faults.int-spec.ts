import { ConsumerRunner, Inbox, once } from '../src';
import { eventually } from '@berth/testing';
import { MessagingFixture } from './messaging-fixture';

/** Members of the fixture's group, as the broker sees them. */
async function members(f: MessagingFixture): Promise<number> {
  const admin = f.kafka.admin();
  await admin.connect();
  try {
    const { groups } = await admin.describeGroups([`g${f.id}`]);
    return groups[0]?.state === 'Stable' ? groups[0].members.length : -1;
  } finally {
    await admin.disconnect();
  }
}

/**
 * ConsumerRunner's offset commits across a real rebalance: A has handled messages whose offsets it
 * has not committed yet when B joins the group. The rebalance makes A forget them (a member that
 * lost a partition must not commit for it afterwards), the partitions A lost are handed to B again
 * from the committed offsets, and B skips what A finished (inbox). Every message is handled once,
 * none is skipped, and a member started afterwards resumes at the end with nothing left to handle.
 */
describe('ConsumerRunner: uncommitted offsets and a rebalance', () => {
  let f: MessagingFixture;

  beforeEach(async () => {
    f = await new MessagingFixture().setUp();
  });
  afterEach(async () => {
    await f.tearDown();
  });

  it('offsets handled but uncommitted at a rebalance: handed again, skipped, each message handled once, none skipped', async () => {
    const calls: string[] = [];
    // A and B commit no offsets from the timer: what A handled stays uncommitted until the rebalance.
    const member = (name: string, commitIntervalMs = 600_000) => f.track(new ConsumerRunner({
      kafka: f.kafka, groupId: `g${f.id}`, topics: [f.topic], publisher: f.publisher, commitIntervalMs,
      inbox: new Inbox(f.db.collection('inbox'), `g${f.id}`),
      handler: async (envelope, ctx) => {
        calls.push(`${envelope.aggregateId}@${name}`);
        const { filter, update } = once({ _id: 'counter' }, { $inc: { n: 1 }, $push: { seen: envelope.aggregateId } }, ctx.messageId);
        await f.db.collection('effects').updateOne(filter, update as never);
      },
    }));

    const a = member('A');
    await a.start();
    await f.publishNumbered(0, 12);
    await eventually(async () => (await f.counter()).n, (n) => n === 12, { timeoutMs: 60_000, what: 'A handled the first 12' });
    expect(await f.committed()).toBe(0);

    const b = member('B');
    await b.start();
    await eventually(() => members(f), (n) => n === 2, { timeoutMs: 60_000, what: 'both consumers in the group' });
    await f.publishNumbered(12, 12);
    await eventually(async () => (await f.counter()).n, (n) => n === 24, { timeoutMs: 60_000, what: 'all 24 handled' });
    await b.stop();
    await a.stop();
    // A third member resumes from what the group committed: it is handed again only messages
    // that were finished (nothing for its handler), and commits up to the end.
    const c = member('C', 200);
    await c.start();
    await eventually(() => f.committed(), (n) => n === 24, { timeoutMs: 60_000, what: 'offsets committed up to 24' });
    await c.stop();

    expect(await f.committed()).toBe(24);
    const ids = calls.map((c) => c.split('@')[0]);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(Array.from({ length: 24 }, (_, i) => `agg-${i}`).sort());
    expect(calls.filter((call) => call.endsWith('@C'))).toEqual([]);
    const counter = await f.counter();
    expect(counter.n).toBe(24);
    expect(new Set(counter.seen).size).toBe(24);
  }, 180_000);
});
