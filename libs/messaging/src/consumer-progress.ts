import { Positions } from './positions';

const POLL_COMMITTED_MS = 200;

/**
 * How far a consumer group has handled its topics, for the read-your-writes fence
 * (docs/consistency.md): the offsets this process handled itself, and, for partitions another
 * member of the group holds (or that this process has not handled since it joined), the offsets the
 * group committed, read while someone waits for them.
 */
export class ConsumerProgress {
  private readonly handledUpTo = new Map<string, number>();
  private readonly committedUpTo = new Map<string, number>();
  private readonly topics: Set<string>;
  private readonly waiters = new Set<{ positions: Positions; done: () => void }>();
  private polling?: NodeJS.Timeout;

  /**
   * `topics` as the broker names them; `readCommitted` answers the group's committed offsets as
   * positions (the last offset handled, per partition).
   */
  constructor(topics: readonly string[], private readonly readCommitted?: () => Promise<Positions>) {
    this.topics = new Set(topics);
  }

  /** Records that the consumer has handled `offset` of the partition (and everything before it). */
  handled(topic: string, partition: number, offset: string | number): void {
    const key = `${topic}/${partition}`;
    const at = Number(offset);
    if ((this.handledUpTo.get(key) ?? -1) < at) this.handledUpTo.set(key, at);
    if (this.waiters.size > 0) this.wakeReached();
  }

  /** Whether every partition of the consumer's topics named in `positions` is handled up to its offset. */
  reached(positions: Positions): boolean {
    for (const [key, offset] of positions) {
      if (!this.topics.has(key.slice(0, key.lastIndexOf('/')))) continue;
      if (Math.max(this.handledUpTo.get(key) ?? -1, this.committedUpTo.get(key) ?? -1) < offset) return false;
    }
    return true;
  }

  /** Resolves true once `reached(positions)`, or false after `timeoutMs`. */
  waitFor(positions: Positions, timeoutMs: number): Promise<boolean> {
    if (this.reached(positions)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = { positions, done: () => finish(true) };
      const timer = setTimeout(() => finish(false), timeoutMs);
      const finish = (ok: boolean) => {
        clearTimeout(timer);
        this.waiters.delete(waiter);
        resolve(ok);
      };
      this.waiters.add(waiter);
      this.pollCommitted();
    });
  }

  private wakeReached(): void {
    for (const waiter of [...this.waiters]) if (this.reached(waiter.positions)) waiter.done();
  }

  /** While someone waits, reads the group's committed offsets every POLL_COMMITTED_MS. */
  private pollCommitted(): void {
    if (this.polling || !this.readCommitted) return;
    const poll = async () => {
      try {
        for (const [key, offset] of await this.readCommitted!()) {
          if ((this.committedUpTo.get(key) ?? -1) < offset) this.committedUpTo.set(key, offset);
        }
        this.wakeReached();
      } catch {
        // the next poll tries again; a waiter gives up at its own timeout
      }
      this.polling = this.waiters.size > 0 ? setTimeout(() => void poll(), POLL_COMMITTED_MS) : undefined;
    };
    this.polling = setTimeout(() => void poll(), 0);
  }
}
