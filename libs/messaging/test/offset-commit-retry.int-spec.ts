import { connect } from 'node:net';
import { Kafka, logLevel } from 'kafkajs';
import { eventually, TcpRelay } from '@berth/testing';
import { ConsumerRunner, Inbox, once } from '../src';
import { MessagingFixture } from './messaging-fixture';

/** Kafka's API key of an OffsetCommit request (a request starts with its size, then its API key). */
const OFFSET_COMMIT = 8;
const isOffsetCommit = (chunk: Buffer) => chunk.length >= 6 && chunk.readInt16BE(4) === OFFSET_COMMIT;

/** How often a kafkajs consumer sends a commit that fails on the wire before `commitOffsets` rejects (its default: 5 retries). */
const KAFKAJS_COMMIT_ATTEMPTS = 6;

/** An Inbox that also records every id it is asked to claim: each delivery of a message, once per delivery. */
class RecordingInbox extends Inbox {
  readonly delivered: string[] = [];

  override claim(messageIds: string[]): Promise<Set<string>> {
    this.delivered.push(...messageIds);
    return super.claim(messageIds);
  }
}

/**
 * ConsumerRunner's offset commits when a commit fails on the wire: the consumer reaches the real
 * broker through a TCP relay, which cuts the connection each time an OffsetCommit request arrives,
 * until kafkajs has used up its own retries and `commitOffsets` rejects. The runner keeps the
 * offsets it failed to commit and commits them with its next timer commit, over a new connection.
 * Nothing is delivered again (no rebalance), nothing is skipped, and the consumer goes on.
 */
describe('ConsumerRunner: a failed offset commit is tried again', () => {
  let f: MessagingFixture;

  beforeEach(async () => {
    f = await new MessagingFixture().setUp();
  });
  afterEach(async () => {
    await f.tearDown();
  });

  it('commits what a cut commit carried with the next commit: each message delivered and handled once', async () => {
    const [host, port] = splitHostPort(process.env.KAFKA_BROKERS!.split(',')[0]);
    const relay = f.track(await new TcpRelay(host, port).start());
    // Every connection of the consumer's client goes through the relay, whatever address the broker advertises.
    const kafka = new Kafka({
      clientId: 'commit-retry-test', brokers: [`${host}:${port}`], logLevel: logLevel.NOTHING,
      // kafkajs' own retries of the commit start after 100 ms (the consumer keeps its 5 retries).
      retry: { initialRetryTime: 100 },
      socketFactory: ({ onConnect }) => connect(relay.port, '127.0.0.1', onConnect),
    });
    const handled: string[] = [];
    const commitErrors: unknown[] = [];
    let handledAtFailure = -1;
    // Once the 20th message is handled, the next commit (the one carrying it, or just before it) and
    // each of kafkajs' own retries of it lose their connection before the broker reads them. Nothing
    // else is handled until that commit has failed, so no later commit carries its offsets instead.
    let cuts = 0;
    let cutting: Promise<void> | undefined;
    const cutCommits = async () => {
      for (; cuts < KAFKAJS_COMMIT_ATTEMPTS; cuts++) await relay.cutOn(isOffsetCommit, 'request');
    };
    const inbox = new RecordingInbox(f.db.collection('inbox'), `g${f.id}`);
    const runner = f.track(new ConsumerRunner({
      kafka, groupId: `g${f.id}`, topics: [f.topic], publisher: f.publisher, inbox, commitIntervalMs: 200,
      onCommitError: (err) => {
        commitErrors.push(err);
        handledAtFailure = handled.length;
      },
      handler: async (envelope, ctx) => {
        handled.push(envelope.aggregateId);
        if (handled.length === 20) cutting = cutCommits();
        const { filter, update } = once({ _id: 'counter' }, { $inc: { n: 1 } }, ctx.messageId);
        await f.db.collection('effects').updateOne(filter, update as never);
      },
    }));

    await runner.start();
    await f.publishNumbered(0, 10);
    await eventually(() => f.committed(), (n) => n === 10, { timeoutMs: 60_000, what: 'the first 10 handled and committed' });
    expect(commitErrors).toEqual([]);

    await f.publishNumbered(10, 10);
    await eventually(() => Promise.resolve(commitErrors.length), (n) => n > 0, { timeoutMs: 30_000, what: 'the runner told of the failed commit' });
    await cutting;
    expect(cuts).toBe(KAFKAJS_COMMIT_ATTEMPTS);
    expect(commitErrors[0]).toMatchObject({ name: 'KafkaJSNumberOfRetriesExceeded' });
    // Every message was handled before the commit failed: only the runner's retry of what it carried commits them.
    expect(handledAtFailure).toBe(20);
    await eventually(() => f.committed(), (n) => n === 20, { timeoutMs: 30_000, what: 'the failed commit\'s offsets committed after all' });

    // The consumer goes on: later messages are handled and committed as usual.
    await f.publishNumbered(20, 5);
    await eventually(() => f.committed(), (n) => n === 25, { timeoutMs: 60_000, what: 'the later 5 handled and committed' });
    await runner.stop();

    expect(commitErrors).toHaveLength(1);
    const all = Array.from({ length: 25 }, (_, i) => `agg-${i}`).sort();
    expect([...handled].sort()).toEqual(all);
    expect(inbox.delivered).toHaveLength(25);
    expect(new Set(inbox.delivered).size).toBe(25);
    expect((await f.counter()).n).toBe(25);
  }, 180_000);
});

function splitHostPort(address: string): [string, number] {
  const colon = address.lastIndexOf(':');
  return [address.slice(0, colon), Number(address.slice(colon + 1))];
}
