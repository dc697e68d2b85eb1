import type { Collection, MongoBulkWriteError } from 'mongodb';
import { DUPLICATE_KEY } from './store-limits';

interface InboxEntry { _id: string; consumer: string; messageId: string; done?: true; at: Date }

/**
 * The messages a consumer has taken on, keyed `{consumer, messageId}`. The runner claims a whole
 * batch with one insert before handling it, and records what it finished with a second insert
 * (a `…:done` entry), so the inbox costs two inserts per batch and no updates (FerretDB spends
 * several times an insert's cost on any update). A message claimed but never finished (the
 * consumer died) is handled again when it comes back, so handlers whose effect is one document
 * use `once` to stay exactly-once; others must be idempotent.
 */
export class Inbox {
  constructor(private readonly collection: Collection<InboxEntry>, private readonly consumer: string) {}

  /** Claims the messages; returns the ids still to handle (new, or claimed earlier but never finished). */
  async claim(messageIds: string[]): Promise<Set<string>> {
    const known = await this.insertNew(messageIds.map((id) => this.entry(id, false)));
    const todo = new Set(messageIds);
    for (const entry of known) {
      if (await this.collection.findOne({ _id: this.key(entry.messageId, true) })) todo.delete(entry.messageId);
    }
    return todo;
  }

  /** Records the messages as finished: they will be skipped if they come again. */
  async finish(messageIds: string[]): Promise<void> {
    await this.insertNew(messageIds.map((id) => this.entry(id, true)));
  }

  /** Inserts the entries; returns those that were already there. */
  private async insertNew(entries: InboxEntry[]): Promise<InboxEntry[]> {
    if (entries.length === 0) return [];
    try {
      await this.collection.insertMany(entries, { ordered: false });
      return [];
    } catch (err) {
      if (!isBulkWriteError(err)) throw err;
      const errors = ([] as Array<{ code: number; index: number }>).concat(err.writeErrors as never);
      if (errors.some((e) => e.code !== DUPLICATE_KEY)) throw err;
      return errors.map((e) => entries[e.index]);
    }
  }

  private entry(messageId: string, done: boolean): InboxEntry {
    return { _id: this.key(messageId, done), consumer: this.consumer, messageId, ...(done ? { done: true as const } : {}), at: new Date() };
  }

  private key(messageId: string, done: boolean): string {
    return `${this.consumer}:${messageId}${done ? ':done' : ''}`;
  }
}

/** The driver's bulk write error, told by name so that this library does not load the driver for apps without MongoDB. */
function isBulkWriteError(err: unknown): err is MongoBulkWriteError {
  return err instanceof Error && err.name === 'MongoBulkWriteError';
}
