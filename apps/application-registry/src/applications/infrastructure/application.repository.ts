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
/** Which application holds a context path, by `_id` (the one lookup FerretDB serves from an index). */
export const APPLICATION_CONTEXT_PATHS = 'application_context_paths';
const UNIQUE = ['name', 'key', 'contextPath'] as const;
/** Context paths written per bulk write when the lookup is completed at start. */
const BACKFILL_BATCH = 500;

interface ContextPathDoc { _id: string; applicationId: string }

/** A new application id: numeric like the real platform's, growing with time (17 digits). */
export function newApplicationId(): string {
  return `${Date.now()}${String(randomInt(10000)).padStart(4, '0')}`;
}

/**
 * The applications collection. Every write carries its events through the outbox; `name`, `key`
 * and `contextPath` are unique indexes, and a duplicate is 409 `applications/Duplicate`. Next to it,
 * `application_context_paths` names the application of each context path by `_id`, so serving a web
 * application reads two documents by `_id` and scans nothing; it is written after each write of an
 * application and completed at start (a write cut in between), and a lookup checks that the application still holds the path.
 */

/** What serving a web application's files reads of it (docs/api/applications.md). */
export type WebApplication = Pick<ApplicationDocument, '_id' | 'type' | 'owner' | 'availability' | 'contextPath' | 'activeVersionId'>;
const WEB_APPLICATION_FIELDS = { _id: 1, type: 1, owner: 1, availability: 1, contextPath: 1, activeVersionId: 1 } as const;
@Injectable()
export class ApplicationRepository implements OnModuleInit {
  readonly collection: Collection<ApplicationDocument>;
  private readonly deletions: Collection<{ _id: string; deletedAt: Date }>;
  private readonly contextPaths: Collection<ContextPathDoc>;

  constructor(@InjectConnection() connection: Connection, private readonly outbox: Outbox) {
    this.collection = connection.db!.collection<ApplicationDocument>(APPLICATIONS);
    this.deletions = connection.db!.collection(APPLICATION_DELETIONS);
    this.contextPaths = connection.db!.collection<ContextPathDoc>(APPLICATION_CONTEXT_PATHS);
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

  /** The web application whose context path is exactly `contextPath`, with only what serving its files needs: two reads by `_id`. */
  async findWebApplication(contextPath: string): Promise<WebApplication | null> {
    const entry = await this.contextPaths.findOne({ _id: contextPath });
    const app = entry ? await this.collection.findOne<WebApplication>({ _id: entry.applicationId }, { projection: WEB_APPLICATION_FIELDS }) : null;
    return app?.contextPath === contextPath ? app : null;
  }

  /** Writes the context paths the lookup misses or names another application for (run once at start). */
  async completeContextPaths(): Promise<number> {
    const known = new Map((await this.contextPaths.find({}).toArray()).map((e) => [e._id, e.applicationId]));
    const apps = this.collection.find({ contextPath: { $exists: true } }, { projection: { _id: 1, contextPath: 1 } });
    let batch: ContextPathDoc[] = [];
    let written = 0;
    const flush = async () => {
      if (batch.length) await this.contextPaths.bulkWrite(batch.map((e) => ({ updateOne: { filter: { _id: e._id }, update: { $set: { applicationId: e.applicationId } }, upsert: true } })), { ordered: false });
      written += batch.length;
      batch = [];
    };
    for await (const app of apps) {
      if (typeof app.contextPath !== 'string' || known.get(app.contextPath) === app._id) continue;
      batch.push({ _id: app.contextPath, applicationId: app._id });
      if (batch.length === BACKFILL_BATCH) await flush();
    }
    await flush();
    return written;
  }

  /** Inserts with its messages. @throws DomainError 409 when a unique field is taken (or the id, for the caller to retry). */
  async insert(doc: ApplicationDocument, messages: OutboxMessage[]): Promise<void> {
    try {
      await this.outbox.insertOne(this.collection, doc, messages);
    } catch (err) {
      throw await this.duplicateError(err, doc);
    }
    if (doc.contextPath) await this.holdContextPath(doc.contextPath, doc._id);
  }

  async update(doc: ApplicationDocument, update: Record<string, unknown>, messages: OutboxMessage[]): Promise<void> {
    try {
      await this.outbox.updateOne(this.collection, { _id: doc._id }, { ...update, $inc: { _version: 1 } } as unknown as UpdateFilter<ApplicationDocument>, messages);
    } catch (err) {
      throw await this.duplicateError(err, { ...doc, ...((update.$set ?? {}) as object) });
    }
    const set = (update.$set ?? {}) as Partial<ApplicationDocument>;
    const unset = (update.$unset ?? {}) as Record<string, unknown>;
    const next = 'contextPath' in unset ? undefined : set.contextPath ?? doc.contextPath;
    if (next === doc.contextPath) return;
    if (next) await this.holdContextPath(next, doc._id);
    if (doc.contextPath) await this.contextPaths.deleteOne({ _id: doc.contextPath, applicationId: doc._id });
  }

  /** Records the deletion with its message, then removes the application; a retried delete converges. */
  async delete(id: string, messages: OutboxMessage[]): Promise<void> {
    try {
      await this.outbox.insertOne(this.deletions, { _id: id, deletedAt: new Date() }, messages);
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    await this.collection.deleteOne({ _id: id });
    await this.contextPaths.deleteMany({ applicationId: id });
  }

  private async holdContextPath(contextPath: string, applicationId: string): Promise<void> {
    await this.contextPaths.updateOne({ _id: contextPath }, { $set: { applicationId } }, { upsert: true });
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
