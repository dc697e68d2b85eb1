import { randomInt } from 'node:crypto';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection, Filter, UpdateFilter } from 'mongodb';
import type { Connection } from 'mongoose';
import { DomainError } from '@berth/http';
import { ensureIndexes, isDuplicateKey } from '@berth/messaging';
import { Outbox, OutboxMessage } from '@berth/runtime';
import { ApplicationDocument } from '../domain/application';

export const APPLICATIONS = 'applications';
/** Deleted applications: the document that carries ApplicationDeleted until the relay publishes it (then it is deleted). */
export const APPLICATION_DELETIONS = 'application_deletions';
const UNIQUE = ['name', 'key', 'contextPath'] as const;

/** A new application id: numeric like the real platform's, growing with time (17 digits). */
export function newApplicationId(): string {
  return `${Date.now()}${String(randomInt(10000)).padStart(4, '0')}`;
}

/**
 * The applications collection. Every write carries its events through the outbox; `name`, `key`
 * and `contextPath` are unique indexes, and a duplicate is 409 `applications/Duplicate`.
 */
@Injectable()
export class ApplicationRepository implements OnModuleInit {
  readonly collection: Collection<ApplicationDocument>;
  private readonly deletions: Collection<{ _id: string; deletedAt: Date }>;

  constructor(@InjectConnection() connection: Connection, private readonly outbox: Outbox) {
    this.collection = connection.db!.collection<ApplicationDocument>(APPLICATIONS);
    this.deletions = connection.db!.collection(APPLICATION_DELETIONS);
  }

  async onModuleInit() {
    await ensureIndexes(this.collection, [
      { key: { name: 1 }, name: 'name_unique', unique: true },
      { key: { key: 1 }, name: 'key_unique', unique: true },
      { key: { contextPath: 1 }, name: 'contextPath_unique', unique: true, sparse: true },
      { key: { owner: 1, _id: 1 }, name: 'owner_id' },
      { key: { availability: 1, _id: 1 }, name: 'availability_id' },
      { key: { type: 1, _id: 1 }, name: 'type_id' },
    ]);
  }

  findById(id: string): Promise<ApplicationDocument | null> {
    return this.collection.findOne({ _id: id });
  }

  /** Inserts with its messages. @throws DomainError 409 when a unique field is taken (or the id, for the caller to retry). */
  async insert(doc: ApplicationDocument, messages: OutboxMessage[]): Promise<void> {
    try {
      await this.outbox.insertOne(this.collection, doc, messages);
    } catch (err) {
      throw await this.duplicateError(err, doc);
    }
  }

  async update(doc: ApplicationDocument, update: Record<string, unknown>, messages: OutboxMessage[]): Promise<void> {
    try {
      await this.outbox.updateOne(this.collection, { _id: doc._id }, { ...update, $inc: { _version: 1 } } as unknown as UpdateFilter<ApplicationDocument>, messages);
    } catch (err) {
      throw await this.duplicateError(err, { ...doc, ...((update.$set ?? {}) as object) });
    }
  }

  /** Records the deletion with its message, then removes the application; a retried delete converges. */
  async delete(id: string, messages: OutboxMessage[]): Promise<void> {
    try {
      await this.outbox.insertOne(this.deletions, { _id: id, deletedAt: new Date() }, messages);
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    await this.collection.deleteOne({ _id: id });
  }

  /** The application other than `exceptId` holding any of the unique values of `doc`, if one does. */
  async findClash(doc: Partial<ApplicationDocument>, exceptId?: string): Promise<{ field: string; value: string } | undefined> {
    const or = UNIQUE.filter((f) => doc[f] !== undefined).map((f) => ({ [f]: doc[f] }));
    if (or.length === 0) return undefined;
    const clashes = await this.collection.find({ $or: or } as Filter<ApplicationDocument>).limit(5).toArray();
    for (const clash of clashes.filter((c) => c._id !== exceptId)) {
      const field = UNIQUE.find((f) => doc[f] !== undefined && clash[f] === doc[f]);
      if (field) return { field, value: String(doc[field]) };
    }
    return undefined;
  }

  /** @throws DomainError `applications/Duplicate` for a clash found. */
  async assertNoClash(doc: Partial<ApplicationDocument>, exceptId?: string): Promise<void> {
    const clash = await this.findClash(doc, exceptId);
    if (clash) throw duplicate(clash.field, clash.value);
  }

  private async duplicateError(err: unknown, doc: Partial<ApplicationDocument>): Promise<unknown> {
    if (!isDuplicateKey(err)) return err;
    const clash = await this.findClash(doc, doc._id);
    return clash ? duplicate(clash.field, clash.value) : err;
  }
}

/** Says only that the value is taken: the application holding it may be another tenant's, which the caller may not see. */
function duplicate(field: string, value: string): DomainError {
  return new DomainError('applications', 'Duplicate', `The ${field} "${value}" is taken`);
}
