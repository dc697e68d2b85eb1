import { UPDATES_PER_COMMAND } from './store-limits';

/** Inserts per command: FerretDB takes 500 in one insert without trouble. */
const MAX_INSERTS = 500;

interface Waiting<T> { doc: T; resolve: () => void; reject: (err: unknown) => void }

export interface WriteBatchOptions {
  /**
   * What a failure of a whole batch that names no write (a dropped connection, or an error of the
   * store's own) does: `true` (the default) sends each write again on its own, so only the writes
   * that fail alone fail; `false` rejects every write of the batch with that error, as a single
   * write would have been: the caller does not know whether it was stored. Resending can answer a
   * write that was stored before the failure with a duplicate key, so callers that take a
   * duplicate key to mean "someone else's" use `false`.
   */
  resendEach?: boolean;
  /** The most writes one batch sends: 500 for inserts, `UPDATES_PER_COMMAND` for bulk writes unless given. */
  maxBatch?: number;
}

/**
 * Gathers the writes (documents to insert, or bulk-write operations) made while one batch is
 * under way and sends them as the next one (unordered), so a store that commits each command
 * separately takes many per commit. Each caller learns its own outcome: a write refused (e.g. a
 * duplicate key, code 11000) rejects with that error, the others of the batch are unaffected.
 * A write made while nothing is under way goes at the end of the current turn, with the
 * others made in that turn: batching adds no wait.
 */
export class WriteBatch<T> {
  private waiting: Waiting<T>[] = [];
  private running = false;

  /** Documents to insert, sent by `send` (an unordered insertMany), up to 500 per command. */
  static inserts<T>(send: (docs: T[]) => Promise<unknown>, options: WriteBatchOptions = {}): WriteBatch<T> {
    return new WriteBatch(send, { maxBatch: MAX_INSERTS, ...options });
  }

  /**
   * Bulk-write operations (updates among them), sent by `send` (an unordered bulkWrite), at most
   * `UPDATES_PER_COMMAND` per command: on FerretDB 1.24 a command of about 100 update statements
   * wedges its database (apps/sms-adapter/test/receipt-flood.int-spec.ts sends such a flood). So no caller can make a large one by mistake,
   * a batch is made only through these two.
   */
  static bulkWrites<T>(send: (ops: T[]) => Promise<unknown>, options: WriteBatchOptions = {}): WriteBatch<T> {
    return new WriteBatch(send, { maxBatch: UPDATES_PER_COMMAND, ...options });
  }

  private constructor(private readonly send: (items: T[]) => Promise<unknown>, private readonly options: Required<Pick<WriteBatchOptions, 'maxBatch'>> & WriteBatchOptions) {}

  write(doc: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ doc, resolve, reject });
      if (this.running) return;
      this.running = true;
      // The writes made in the same turn (e.g. one per message of a batch) go together.
      queueMicrotask(() => void this.flush());
    });
  }

  private async flush() {
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, this.options.maxBatch);
        try {
          await this.send(batch.map((w) => w.doc));
          for (const w of batch) w.resolve();
        } catch (err) {
          await this.settleFailed(batch, err);
        }
      }
    } finally {
      this.running = false;
    }
  }

  private async settleFailed(batch: Waiting<T>[], err: unknown) {
    const failed = new Map<number, unknown>();
    for (const e of (err as { writeErrors?: Array<{ index: number; code?: number; errmsg?: string }> }).writeErrors ?? []) {
      failed.set(e.index, Object.assign(new Error(e.errmsg ?? 'write failed'), { code: e.code }));
    }
    if (failed.size > 0) batch.forEach((w, i) => (failed.has(i) ? w.reject(failed.get(i)) : w.resolve()));
    else if (batch.length === 1 || this.options.resendEach === false) batch.forEach((w) => w.reject(err));
    else await Promise.all(batch.map((w) => Promise.resolve().then(() => this.send([w.doc])).then(w.resolve, w.reject)));
  }
}
