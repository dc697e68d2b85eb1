import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection } from 'mongodb';
import type { Connection } from 'mongoose';
import Redis from 'ioredis';
import type { BaseConfig } from '@berth/config';
import { ensureIndexes, isDuplicateKey } from '@berth/messaging';
import { BASE_CONFIG, REDIS } from '@berth/runtime';
import type { DeliveryStatus } from '../../providers/sms-provider';
import { deliveryId, FINAL_STATUSES, parseDeliveryId, SmsRequestDocument } from '../domain/sms-request';
import { InsertBatch } from './insert-batch';
import { RedisLock } from './redis-lock';

const LINK_TTL_SECONDS = 7 * 24 * 3600;

export interface DeliveryChange {
  status: DeliveryStatus;
  providerMessageId?: string;
  reason?: string;
}

/**
 * The send requests. A delivery's status only moves while it is not final. Inserts made at the
 * same time go to the store as one `insertMany` (FerretDB commits each command on its own).
 * Every read and write names the document by `_id` alone: FerretDB (SQLite) scans the whole
 * collection for any other filter, updates with an extra condition included; conditions are
 * checked here instead (for updates under a per-delivery lock in Redis).
 */
@Injectable()
export class SmsRequestRepository implements OnModuleInit {
  readonly rows: Collection<SmsRequestDocument>;
  private readonly batch = new InsertBatch<SmsRequestDocument>((docs) => this.rows.insertMany(docs, { ordered: false }));

  constructor(@InjectConnection() connection: Connection, @Inject(REDIS) private readonly redis: Redis, @Inject(BASE_CONFIG) config: BaseConfig) {
    this.rows = connection.db!.collection<SmsRequestDocument>('sms_requests');
    this.linkPrefix = `${config.BERTH_DB_PREFIX}:sms:provider-message:`;
    this.sentPrefix = `${config.BERTH_DB_PREFIX}:sms:sent:`;
    this.locks = new RedisLock(redis, `${config.BERTH_DB_PREFIX}:sms:delivery-lock:`);
  }

  private readonly locks: RedisLock;
  private readonly linkPrefix: string;
  private readonly sentPrefix: string;

  async onModuleInit() {
    await ensureIndexes(this.rows, [{ key: { createdAt: 1 }, name: 'created' }]);
  }

  /** Stores `doc`; when a request with its id exists (a retried POST), returns that one and false. */
  async insert(doc: SmsRequestDocument): Promise<{ request: SmsRequestDocument; created: boolean }> {
    try {
      await this.batch.insert(doc);
      return { request: doc, created: true };
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      const existing = await this.rows.findOne({ _id: doc._id });
      if (!existing) throw err;
      return { request: existing, created: false };
    }
  }

  find(id: string): Promise<SmsRequestDocument | null> {
    return this.rows.findOne({ _id: id });
  }

  async findOfTenant(tenant: string, id: string): Promise<SmsRequestDocument | null> {
    const request = await this.find(id);
    return request?.tenant === tenant ? request : null;
  }

  /**
   * Notes in Redis, for a week, that the provider accepted delivery `index` of request `requestId`
   * as `providerMessageId`, both ways: receipts find the delivery, and a retry of a delivery whose
   * status write was lost (the process died) finds that it was sent.
   */
  async linkProviderMessage(tenant: string, providerMessageId: string, requestId: string, index: number): Promise<void> {
    const id = deliveryId(requestId, index);
    await this.redis.multi()
      .set(`${this.linkPrefix}${tenant}:${providerMessageId}`, id, 'EX', LINK_TTL_SECONDS)
      .set(`${this.sentPrefix}${id}`, providerMessageId, 'EX', LINK_TTL_SECONDS)
      .exec();
  }

  /** The provider's message id of a delivery the provider already accepted, if any. */
  sentAs(requestId: string, index: number): Promise<string | null> {
    return this.redis.get(`${this.sentPrefix}${deliveryId(requestId, index)}`);
  }

  /** The request and delivery index a provider's message id names, or undefined (not submitted yet, or unknown). */
  async findByProviderMessage(tenant: string, providerMessageId: string): Promise<{ request: SmsRequestDocument; index: number } | undefined> {
    const link = parseDeliveryId((await this.redis.get(`${this.linkPrefix}${tenant}:${providerMessageId}`)) ?? '');
    const request = link ? await this.findOfTenant(tenant, link.requestId) : null;
    return request && link ? { request, index: link.index } : undefined;
  }

  /** Moves delivery `index` of request `id` to `change` unless it is already final (or, with `from`, not in that state); whether it changed. */
  changeDelivery(id: string, index: number, change: DeliveryChange, from?: DeliveryStatus): Promise<boolean> {
    return this.locks.run(deliveryId(id, index), async () => {
      const delivery = (await this.find(id))?.deliveries[index];
      if (!delivery || (from ? delivery.status !== from : FINAL_STATUSES.includes(delivery.status))) return false;
      const set = Object.entries(change).filter(([, value]) => value);
      if (set.every(([key, value]) => delivery[key as keyof DeliveryChange] === value)) return false;
      await this.rows.updateOne({ _id: id }, { $set: Object.fromEntries(set.map(([key, value]) => [`deliveries.${index}.${key}`, value])) });
      return true;
    });
  }

  /** Requests made between `after` and `before` with a delivery still waiting to be submitted, oldest first. */
  waiting(after: Date, before: Date, limit: number): Promise<SmsRequestDocument[]> {
    return this.rows.find({ createdAt: { $gt: after, $lt: before }, 'deliveries.status': 'MessageWaiting' }).sort({ createdAt: 1 }).limit(limit).toArray();
  }
}
