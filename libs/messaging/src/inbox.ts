import type { Collection } from 'mongodb';
import { isDuplicateKey } from './store-limits';
import { WriteBatch } from './write-batch';

interface InboxEntry { _id: string; consumer: string; messageId: string; done?: true; at: Date }

/**
 * The messages a consumer has taken on, keyed `{consumer, messageId}`. The runner claims a whole
 * batch with one insert before handling it, and records what it finished with a second insert
 * (a `…:done` entry), so the inbox costs two inserts per batch and no updates (FerretDB spends
 * several times an insert's cost on any update). A message claimed but never finished (the
 * consumer died) is handled again when it comes back, so handlers whose effect is one document
 * use `once` to stay exactly-once; others must be idempotent. The inserts of batches handled at
 * the same time (several partitions) go to the store together (WriteBatch).
 */
export class Inbox {
  private readonly writes: WriteBatch<InboxEntry>;

  constructor(private readonly collection: Collection<InboxEntry>, private readonly consumer: string) {
    this.writes = WriteBatch.inserts((entries: InboxEntry[]) => collection.insertMany(entries, { ordered: false }), { resendEach: false });
  }

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
    const outcomes = await Promise.all(entries.map((e) => this.writes.write(e).then(() => false, (err: unknown) => {
      if (isDuplicateKey(err)) return true;
      throw err;
    })));
    return entries.filter((_, i) => outcomes[i]);
  }

  private entry(messageId: string, done: boolean): InboxEntry {
    return { _id: this.key(messageId, done), consumer: this.consumer, messageId, ...(done ? { done: true as const } : {}), at: new Date() };
  }

  private key(messageId: string, done: boolean): string {
    return `${this.consumer}:${messageId}${done ? ':done' : ''}`;
  }
}
