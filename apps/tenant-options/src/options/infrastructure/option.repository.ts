import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection } from 'mongodb';
import type { Connection } from 'mongoose';
import { isDuplicateKey, type Publisher } from '@berth/messaging';
import { Outbox, OutboxMessage, PUBLISHER } from '@berth/runtime';
import { OPTIONS_COLLECTION, OptionDocument } from './option.document';

const STATE_FIELDS = ['owner', 'category', 'key', 'value', 'sealed', 'editable', 'deleted', 'version', 'updatedAt'] as const;
const NO_OUTBOX = { projection: { _outbox: 0 } };

/** Options in MongoDB: lookups by `_id`, listings by owner, and writes that carry their event. */
@Injectable()
export class OptionRepository implements OnModuleInit {
  private readonly collection: Collection<OptionDocument>;

  constructor(
    @InjectConnection() connection: Connection,
    private readonly outbox: Outbox,
    @Inject(PUBLISHER) private readonly publisher: Publisher,
  ) {
    this.collection = connection.db!.collection<OptionDocument>(OPTIONS_COLLECTION);
  }

  async onModuleInit() {
    await this.collection.createIndex({ owner: 1, deleted: 1, category: 1, key: 1 });
  }

  /** The stored document, tombstones included. */
  find(id: string): Promise<OptionDocument | null> {
    return this.collection.findOne({ _id: id }, NO_OUTBOX);
  }

  /** The option unless missing or deleted. */
  async findLive(id: string): Promise<OptionDocument | null> {
    const doc = await this.find(id);
    return doc && !doc.deleted ? doc : null;
  }

  /** A page of an owner's options, ordered by category and key. */
  list(owner: string, skip: number, limit: number): Promise<OptionDocument[]> {
    return this.collection.find({ owner, deleted: false }, NO_OUTBOX).sort({ category: 1, key: 1 }).skip(skip).limit(limit).toArray();
  }

  count(owner: string): Promise<number> {
    return this.collection.countDocuments({ owner, deleted: false });
  }

  /** An owner's options of one category, ordered by key. */
  listCategory(owner: string, category: string): Promise<OptionDocument[]> {
    return this.collection.find({ owner, category, deleted: false }, NO_OUTBOX).sort({ key: 1 }).toArray();
  }

  /**
   * Writes `next` and its event in one single-document operation: an insert when there was no
   * document, else an update guarded by the version read. False when another write got there first.
   */
  async save(next: OptionDocument, previous: OptionDocument | null, message: OutboxMessage): Promise<boolean> {
    if (!previous) {
      try {
        await this.outbox.insertOne(this.collection, next, [message]);
        return true;
      } catch (err) {
        if (isDuplicateKey(err)) return false;
        throw err;
      }
    }
    const $set: Record<string, unknown> = {};
    const $unset: Record<string, ''> = {};
    for (const field of STATE_FIELDS) {
      if (next[field] === undefined) $unset[field] = '';
      else $set[field] = next[field];
    }
    const update = Object.keys($unset).length ? { $set, $unset } : { $set };
    const result = await this.outbox.updateOne(this.collection, { _id: next._id, version: previous.version }, update, [message]);
    return result.matchedCount === 1;
  }

  /** Publishes an event without storing anything (processing mode TRANSIENT). */
  async notify(message: OutboxMessage): Promise<void> {
    await this.publisher.publish(message.contract.topic, this.outbox.envelope(message));
  }

  /** Removes every option a deleted tenant owned (no events: the tenant's deletion is the event). */
  async removeTenant(tenant: string): Promise<void> {
    await this.collection.deleteMany({ owner: tenant });
  }
}
