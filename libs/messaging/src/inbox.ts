import { MongoBulkWriteError, type Collection } from 'mongodb';

interface InboxEntry { _id: string; consumer: string; messageId: string; done: boolean; at: Date }
const DUPLICATE_KEY = 11000;
/** See UPDATES_PER_COMMAND in outbox-relay.ts: FerretDB wedges on large update commands. */
const UPDATES_PER_COMMAND = 50;

/**
 * The messages a consumer has taken on, keyed `{consumer, messageId}`. The runner claims a whole
 * batch with one insert before handling it, and marks what it finished with one update per 50
 * messages, so the inbox costs two commands per batch rather than two per message. A message
 * claimed but never finished (the consumer died) is handled again when it comes back, so
 * handlers whose effect is one document use `once` to stay exactly-once; others must be
 * idempotent.
 */
export class Inbox {
  constructor(private readonly collection: Collection<InboxEntry>, private readonly consumer: string) {}

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ at: 1 });
  }

  /** Claims the messages; returns the ids still to handle (new, or claimed earlier but not finished). */
  async claim(messageIds: string[]): Promise<Set<string>> {
    if (messageIds.length === 0) return new Set();
    const at = new Date();
    const entries = messageIds.map((messageId) => ({ _id: this.key(messageId), consumer: this.consumer, messageId, done: false, at }));
    const known = await this.collection.insertMany(entries, { ordered: false }).then(
      () => [] as string[],
      (err: unknown) => {
        if (!(err instanceof MongoBulkWriteError)) throw err;
        const errors = ([] as Array<{ code: number; index: number }>).concat(err.writeErrors as never);
        if (errors.some((e) => e.code !== DUPLICATE_KEY)) throw err;
        return errors.map((e) => messageIds[e.index]);
      },
    );
    const todo = new Set(messageIds);
    for (const messageId of known) {
      const entry = await this.collection.findOne({ _id: this.key(messageId) });
      if (entry?.done) todo.delete(messageId);
    }
    return todo;
  }

  /** Marks the messages finished: they will be skipped if they come again. */
  async finish(messageIds: string[]): Promise<void> {
    for (let i = 0; i < messageIds.length; i += UPDATES_PER_COMMAND) {
      await this.collection.bulkWrite(messageIds.slice(i, i + UPDATES_PER_COMMAND).map((messageId) => ({
        updateOne: { filter: { _id: this.key(messageId) }, update: { $set: { done: true } } },
      })), { ordered: false });
    }
  }

  private key(messageId: string): string {
    return `${this.consumer}:${messageId}`;
  }
}
