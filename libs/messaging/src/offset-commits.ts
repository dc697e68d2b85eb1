import type { Consumer } from 'kafkajs';

interface Position { topic: string; partition: number; offset: string }

/** How long `stop` waits for its last commit (the broker may be away). */
const STOP_COMMIT_WAIT_MS = 2000;

/**
 * The offsets a consumer has handled, committed to its group every `intervalMs` from a timer.
 * kafkajs' own autoCommit commits after every batch, a broker round trip inside the fetch loop:
 * the next fetch waited for it, which doubled the time a message waited to be fetched (measured:
 * Kafka ack → batch handed to the runner, p50 13 ms with it, 3 ms without, at 1,000 msg/s).
 * Commits go one at a time, so a later one never lands before an earlier one. Offsets handled and
 * not yet committed when the process dies or the group rebalances are delivered again, and the
 * inbox skips the messages that were finished.
 */
export class OffsetCommits {
  private handled = new Map<string, Position>();
  private timer?: NodeJS.Timeout;
  private committing: Promise<void> = Promise.resolve();

  constructor(private readonly consumer: Consumer, private readonly intervalMs: number, private readonly onError: (err: unknown) => void) {}

  /** Marks `offset` of the partition handled: the group resumes after it. */
  handle(topic: string, partition: number, offset: string): void {
    this.handled.set(`${topic}|${partition}`, { topic, partition, offset: (BigInt(offset) + 1n).toString() });
  }

  start(): void {
    this.timer = setTimeout(() => void this.commit().finally(() => this.timer && this.start()), this.intervalMs);
    this.timer.unref();
  }

  /** Forgets what is not yet committed: after a rebalance the group resumes from the committed offsets anyway. */
  reset(): void {
    this.handled.clear();
  }

  /** Stops the timer and commits what is handled (waiting at most 2 s); call it before the consumer disconnects. */
  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    let waited: NodeJS.Timeout | undefined;
    await Promise.race([this.commit(), new Promise((resolve) => (waited = setTimeout(resolve, STOP_COMMIT_WAIT_MS)))]);
    clearTimeout(waited);
  }

  /** Commits the offsets handled since the last commit; a failed commit is tried again with the next one. */
  commit(): Promise<void> {
    this.committing = this.committing.then(async () => {
      if (this.handled.size === 0) return;
      const positions = this.handled;
      this.handled = new Map();
      try {
        await this.consumer.commitOffsets([...positions.values()]);
      } catch (err) {
        for (const [key, position] of positions) if (!this.handled.has(key)) this.handled.set(key, position);
        this.onError(err);
      }
    });
    return this.committing;
  }
}
