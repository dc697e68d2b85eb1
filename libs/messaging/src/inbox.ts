import type { Collection } from 'mongodb';

interface InboxEntry { _id: string; consumer: string; messageId: string; at: Date }

/**
 * The messages a consumer has finished, keyed `{consumer, messageId}`. The runner skips a
 * message found here. A message is recorded after its handler succeeds, so a crash in between
 * runs the handler again: handlers whose effect is one document use `once` to stay exactly-once;
 * others must be idempotent.
 */
export class Inbox {
  constructor(private readonly collection: Collection<InboxEntry>, private readonly consumer: string) {}

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ at: 1 });
  }

  async seen(messageId: string): Promise<boolean> {
    return (await this.collection.countDocuments({ _id: this.key(messageId) }, { limit: 1 })) > 0;
  }

  async record(messageId: string): Promise<void> {
    await this.collection.updateOne(
      { _id: this.key(messageId) },
      { $setOnInsert: { consumer: this.consumer, messageId, at: new Date() } },
      { upsert: true },
    );
  }

  private key(messageId: string): string {
    return `${this.consumer}:${messageId}`;
  }
}
