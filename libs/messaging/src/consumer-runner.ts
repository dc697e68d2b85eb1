import type { Consumer, EachBatchPayload, Kafka, KafkaMessage } from 'kafkajs';
import { dlqTopic } from '@berth/contracts';
import type { Envelope } from './envelope';
import { fromMessage } from './kafka-record';
import type { ConsumerProgress } from './consumer-progress';
import { Inbox } from './inbox';
import { OffsetCommits } from './offset-commits';
import { Publisher } from './publisher';
import { backoffDelay, sleep } from './backoff';
import { workContext } from './work-context';
import { appTopic, brokerTopic } from './topic-namespace';

/**
 * How long the broker may hold a consumer's fetch when there is nothing new. A fetch is answered as
 * soon as a message arrives, so this does not delay delivery (measured here: produce → consume p50
 * 4–5 ms at 100, 1,000 and 5,000); it only sets how often an idle consumer asks again. At 100 ms each
 * idle consumer sent ten fetches a second; at a second its heartbeats still go out in time.
 */
export const FETCH_MAX_WAIT_MS = 1000;

/** A failure that retrying cannot fix: the message goes to the DLQ at once. */
export class PermanentError extends Error {}

export interface MessageContext { topic: string; partition: number; offset: string; messageId: string }
export type MessageHandler = (envelope: Envelope, context: MessageContext) => Promise<void>;

export interface ConsumerOptions {
  kafka: Kafka;
  /** Consumer group: the consuming app's name. */
  groupId: string;
  topics: string[];
  handler: MessageHandler;
  inbox: Inbox;
  /** Publishes to `<topic>.dlq`. */
  publisher: Publisher;
  maxAttempts?: number;
  backoff?: { initialMs: number; maxMs: number };
  fromBeginning?: boolean;
  /** How long the group waits for a silent member (one that crashed) before giving its partitions to others. */
  sessionTimeoutMs?: number;
  partitionsConsumedConcurrently?: number;
  onError?: (err: unknown, context: MessageContext, attempt: number) => void;
  /** How often handled offsets are committed to the group (default 500 ms), and at stop. */
  commitIntervalMs?: number;
  /** A commit of handled offsets failed (it is tried again with the next one). */
  onCommitError?: (err: unknown) => void;
  /** Told of every offset handled or parked (the read-your-writes fence). */
  progress?: ConsumerProgress;
  /** Where a batch's time went, reported once it is handled (for the app's metrics). */
  onBatchTimings?: (timings: BatchTimings) => void;
}

/**
 * Where one batch's time went, in ms: per message, from its Kafka timestamp (when its producer, e.g.
 * an outbox relay, sent it) until the batch reached the runner; the inbox claim of the batch; and,
 * per message handled, its handler (retries included).
 */
export interface BatchTimings { topic: string; waitedMs: number[]; claimMs: number; handleMs: number[] }

/**
 * Runs a handler over a consumer group's messages. A message the inbox saw finished is skipped; a
 * failing handler is retried with back-off, and after `maxAttempts` (or at once on
 * PermanentError or an unreadable message) the message goes to `<topic>.dlq` with the error in
 * its headers. Offsets are committed only for messages that are handled or parked, so a crash
 * redelivers the rest; they are committed every 500 ms, not after each batch (OffsetCommits), so
 * a crash or a rebalance also redelivers up to that much handled work, which the inbox skips.
 */
export class ConsumerRunner {
  private consumer?: Consumer;
  private commits?: OffsetCommits;
  private hasJoined = false;

  /** Whether the consumer has joined its group (and so receives messages). */
  get joined(): boolean {
    return this.hasJoined;
  }

  constructor(private readonly options: ConsumerOptions) {}

  async start(): Promise<void> {
    const { kafka, groupId, topics } = this.options;
    const sessionTimeout = this.options.sessionTimeoutMs ?? 10_000;
    this.consumer = kafka.consumer({
      groupId, allowAutoTopicCreation: false, maxWaitTimeInMs: FETCH_MAX_WAIT_MS,
      sessionTimeout, heartbeatInterval: Math.floor(sessionTimeout / 3),
    });
    const commits = new OffsetCommits(this.consumer, this.options.commitIntervalMs ?? 500, (err) => this.options.onCommitError?.(err));
    this.commits = commits;
    this.consumer.on(this.consumer.events.GROUP_JOIN, () => { this.hasJoined = true; commits.reset(); });
    await this.consumer.connect();
    await this.consumer.subscribe({ topics: topics.map(brokerTopic), fromBeginning: this.options.fromBeginning ?? true });
    await this.consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently: this.options.partitionsConsumedConcurrently ?? 3,
      eachBatch: (payload) => this.eachBatch(payload),
    });
    commits.start();
  }

  async stop(): Promise<void> {
    await this.commits?.stop();
    await this.consumer?.disconnect();
    this.consumer = undefined;
  }

  private async eachBatch({ batch, resolveOffset, heartbeat, isRunning, isStale }: EachBatchPayload) {
    const received = Date.now();
    const items = batch.messages.map((message) => ({ message, ...parse(message) }));
    const todo = await this.options.inbox.claim(items.flatMap((i) => (i.envelope ? [i.envelope.id] : [])));
    const claimed = Date.now();
    const finished: string[] = [];
    const handleMs: number[] = [];
    const topic = appTopic(batch.topic);
    try {
      for (const { message, envelope, error } of items) {
        if (!isRunning() || isStale()) break;
        if (!envelope) {
          await this.park(topic, batch.partition, message, error, 0);
        } else if (todo.delete(envelope.id)) {
          const started = Date.now();
          await this.handle(envelope, { topic, partition: batch.partition, offset: message.offset, messageId: envelope.id }, message, heartbeat);
          handleMs.push(Date.now() - started);
          finished.push(envelope.id);
        }
        resolveOffset(message.offset);
        this.commits?.handle(batch.topic, batch.partition, message.offset);
        this.options.progress?.handled(batch.topic, batch.partition, message.offset);
        await heartbeat();
      }
    } finally {
      await this.options.inbox.finish(finished);
    }
    this.options.onBatchTimings?.({ topic, waitedMs: batch.messages.map((m) => Math.max(0, received - Number(m.timestamp))), claimMs: claimed - received, handleMs });
  }

  private async handle(envelope: Envelope, context: MessageContext, message: KafkaMessage, heartbeat: () => Promise<void>) {
    const maxAttempts = this.options.maxAttempts ?? 5;
    for (let attempt = 1; ; attempt++) {
      try {
        // What the handler causes carries this message's correlation id and mode, and its id as cause.
        const work = { correlationId: envelope.correlationId, processingMode: envelope.processingMode ?? 'PERSISTENT', causationId: envelope.id, actor: envelope.actor };
        return await workContext.run(work, () => this.options.handler(envelope, context));
      } catch (err) {
        this.options.onError?.(err, context, attempt);
        if (err instanceof PermanentError || attempt >= maxAttempts) return this.park(context.topic, context.partition, message, err, attempt);
        const { initialMs, maxMs } = this.options.backoff ?? { initialMs: 100, maxMs: 5000 };
        await sleep(backoffDelay(attempt, initialMs, maxMs));
        await heartbeat();
      }
    }
  }

  private async park(topic: string, partition: number, message: KafkaMessage, err: unknown, attempts: number) {
    await this.options.publisher.send([{
      id: String(message.headers?.id ?? `${topic}:${partition}:${message.offset}`),
      topic: dlqTopic(topic),
      key: message.key?.toString() ?? '',
      value: message.value?.toString() ?? '',
      headers: {
        ...Object.fromEntries(Object.entries(message.headers ?? {}).map(([k, v]) => [k, String(v)])),
        'x-error': err instanceof Error ? err.message : String(err),
        'x-attempts': String(attempts),
        'x-original-topic': topic,
        'x-original-partition': String(partition),
        'x-original-offset': message.offset,
      },
    }]);
  }
}

function parse(message: KafkaMessage): { envelope?: Envelope; error?: unknown } {
  try {
    return { envelope: fromMessage(message) };
  } catch (error) {
    return { error };
  }
}
