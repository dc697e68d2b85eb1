import { hostname } from 'node:os';
import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { MONGO_CONNECTION } from '../clients/mongo-connection';
import type { Connection } from 'mongoose';
import type { Collection, Document, Filter, InsertOneResult, UpdateFilter, UpdateResult } from 'mongodb';
import { Logger } from 'pino';
import { Contract } from '@berth/contracts';
import { createEnvelope, Envelope, EnvelopeFields, OUTBOX_FIELD, OutboxInserts, OutboxRelay, outboxFor, updateWithOutbox } from '@berth/messaging';
import type { BaseConfig } from '@berth/config';
import { APP_INFO, AppInfo, BASE_CONFIG } from '../app-info';
import { PINO } from '../logging/pino.token';
import { PUBLISHER } from './publisher.provider';
import { causalFence } from './causal-fence';
import type { Publisher } from '@berth/messaging';

export const OUTBOX_COLLECTIONS = Symbol('OUTBOX_COLLECTIONS');

/** One message to write with a document: its contract and the envelope's fields (source is the app). */
export interface OutboxMessage<T = unknown> { contract: Contract<T>; fields: Omit<EnvelopeFields<T>, 'source'> }

/**
 * Writes a document and the messages it causes in one single-document operation, and has the
 * app's relay publish them, so a message goes out exactly when its write is stored (docs/architecture.md). Only collections named in the app's
 * `outbox` runtime option may carry messages. Messages of one write must share a topic.
 */
@Injectable()
export class Outbox implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly relay?: OutboxRelay;
  private readonly inserts: OutboxInserts;

  constructor(
    @Inject(MONGO_CONNECTION) connection: Connection,
    @Inject(OUTBOX_COLLECTIONS) { collections, disposable }: { collections: string[]; disposable: string[] },
    @Inject(PUBLISHER) publisher: Publisher,
    @Inject(APP_INFO) private readonly app: AppInfo,
    @Inject(BASE_CONFIG) config: BaseConfig,
    @Inject(PINO) private readonly logger: Logger,
  ) {
    this.relay = collections.length === 0 ? undefined : new OutboxRelay({
      db: connection.db!, collections, disposable, publisher, owner: `${app.name}:${hostname()}:${process.pid}`, scanIntervalMs: config.BERTH_OUTBOX_SCAN_INTERVAL_MS,
      onError: (err) => logger.warn({ err }, 'outbox relay error; it retries'),
    });
    this.inserts = new OutboxInserts(this.relay);
    if (this.relay) causalFence.publishing(this.relay);
  }

  /** The envelope a message will travel in; its id is the message id consumers deduplicate by. */
  envelope<T>(message: OutboxMessage<T>): Envelope<T> {
    return createEnvelope(message.contract, { ...message.fields, source: this.app.name });
  }

  /**
   * Inserts `doc` with its messages; inserts made meanwhile into the same collection share one
   * store command (OutboxInserts). @throws a duplicate key as an error with code 11000.
   */
  async insertOne<T extends Document>(collection: Collection<T>, doc: T & { _id: unknown }, messages: OutboxMessage[]): Promise<InsertOneResult<T>> {
    const { topic, envelopes } = this.prepare(messages);
    await this.inserts.insert(collection, { ...doc, ...(envelopes.length ? outboxFor(topic, envelopes) : {}) });
    return { acknowledged: true, insertedId: doc._id as InsertOneResult<T>['insertedId'] };
  }

  /**
   * Updates one document and adds its messages; they are published only if the update matched,
   * after any older entries the document still holds (`updateWithOutbox`).
   */
  async updateOne<T extends Document>(collection: Collection<T>, filter: Filter<T> & { _id: unknown }, update: UpdateFilter<T>, messages: OutboxMessage[]): Promise<UpdateResult<T>> {
    const { topic, envelopes } = this.prepare(messages);
    if (envelopes.length === 0) return collection.updateOne(filter, update);
    return updateWithOutbox(collection, filter, update, topic, envelopes, this.relay);
  }

  /** Per collection: entries not yet published, and published ones not yet removed. */
  stats() {
    return this.relay?.stats() ?? {};
  }

  async onApplicationBootstrap() {
    await this.relay?.start();
  }

  async onApplicationShutdown() {
    await this.relay?.stop();
  }

  private prepare(messages: OutboxMessage[]) {
    const topics = new Set(messages.map((m) => m.contract.topic));
    if (topics.size > 1) throw new Error(`one write carries messages of one topic, not ${[...topics].join(', ')}`);
    return { topic: [...topics][0] ?? '', envelopes: messages.map((m) => this.envelope(m)) };
  }
}

export { OUTBOX_FIELD };
