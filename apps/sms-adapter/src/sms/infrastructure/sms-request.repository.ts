import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { AnyBulkWriteOperation, Collection } from 'mongodb';
import type { Connection } from 'mongoose';
import Redis from 'ioredis';
import type { BaseConfig } from '@berth/config';
import { ensureIndexes, isDuplicateKey, WriteBatch } from '@berth/messaging';
import { BASE_CONFIG, REDIS } from '@berth/runtime';
import type { DeliveryStatus } from '../../providers/sms-provider';
import { deliveryId, FINAL_STATUSES, parseDeliveryId, SmsRequestDocument } from '../domain/sms-request';
import { DeliveryGuard, DeliveryState } from './delivery-guard';
import { SubmitMarks } from './submit-marks';

const LINK_TTL_SECONDS = 7 * 24 * 3600;

export type DeliveryChange = DeliveryState;

/** Where a provider's message id leads: the delivery, and whether its request asked for notifications. */
export interface ProviderMessageLink { requestId: string; index: number; notify: boolean }

/**
 * The send requests. A delivery's status only moves while it is not final. Every store access
 * names the document by `_id` alone (FerretDB's SQLite backend scans the collection for any other
 * filter, updates with a condition included): a change is checked under the delivery's lock
 * against its state copied in Redis (DeliveryGuard). Inserts, and updates, made at the same time
 * go to the store as one command (FerretDB commits each command on its own).
 */
@Injectable()
export class SmsRequestRepository implements OnModuleInit {
  readonly rows: Collection<SmsRequestDocument>;
  private readonly inserts = WriteBatch.inserts<SmsRequestDocument>((docs) => this.rows.insertMany(docs, { ordered: false }));
  // A receipt flood (an SMSC sending the receipts it kept while the adapter was away) is sent in commands of UPDATES_PER_COMMAND.
  private readonly updates = WriteBatch.bulkWrites<AnyBulkWriteOperation<SmsRequestDocument>>((ops) => this.rows.bulkWrite(ops, { ordered: false }));
  private readonly guard: DeliveryGuard;
  readonly marks: SubmitMarks;
  private readonly linkPrefix: string;
  private readonly sentPrefix: string;

  constructor(@InjectConnection() connection: Connection, @Inject(REDIS) private readonly redis: Redis, @Inject(BASE_CONFIG) config: BaseConfig) {
    this.rows = connection.db!.collection<SmsRequestDocument>('sms_requests');
    this.linkPrefix = `${config.BERTH_DB_PREFIX}:sms:provider-message:`;
    this.sentPrefix = `${config.BERTH_DB_PREFIX}:sms:sent:`;
    this.guard = new DeliveryGuard(redis, `${config.BERTH_DB_PREFIX}:sms:delivery-`);
    this.marks = new SubmitMarks(redis, `${config.BERTH_DB_PREFIX}:sms:`);
  }

  async onModuleInit() {
    await ensureIndexes(this.rows, [{ key: { createdAt: 1 }, name: 'created' }]);
  }

  /** Stores `doc`; when a request with its id exists (a retried POST), returns that one and false. */
  async insert(doc: SmsRequestDocument): Promise<{ request: SmsRequestDocument; created: boolean }> {
    try {
      await this.inserts.write(doc);
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      const existing = await this.rows.findOne({ _id: doc._id });
      if (!existing) throw err;
      return { request: existing, created: false };
    }
    await this.guard.seed(doc.deliveries.map((d, index) => [deliveryId(doc._id, index), stateOf(d)]));
    return { request: doc, created: true };
  }

  find(id: string): Promise<SmsRequestDocument | null> {
    return this.rows.findOne({ _id: id });
  }

  async findOfTenant(tenant: string, id: string): Promise<SmsRequestDocument | null> {
    const request = await this.find(id);
    return request?.tenant === tenant ? request : null;
  }

  /**
   * The delivery's state (from its copy, else the store), the provider's message id if the provider
   * accepted it already, and when a submit left unanswered, if one did (SubmitMarks).
   */
  async progress(requestId: string, index: number): Promise<{ state?: DeliveryState; sentAs?: string; submittedAt?: number }> {
    const id = deliveryId(requestId, index);
    const { copy, values: [sentAs, submittedAt] } = await this.guard.peek(id, [this.sentKey(id), this.marks.key(id)]);
    const known = copy ?? ((await this.find(requestId))?.deliveries[index]);
    return { state: known && stateOf(known), sentAs: sentAs ?? undefined, submittedAt: submittedAt ? Number(submittedAt) : undefined };
  }

  /** The provider's message id the delivery was accepted as, if noted. */
  async sentAs(requestId: string, index: number): Promise<string | undefined> {
    return (await this.redis.get(this.sentKey(deliveryId(requestId, index)))) ?? undefined;
  }

  /**
   * The delivery a receipt names by its reference (no delivery was noted under its provider message
   * id), linked to that id now; undefined unless that delivery's submit left unanswered and is still
   * unsettled (an older message's reference, or an unknown one, settles nothing).
   */
  async claimByReference(tenant: string, providerMessageId: string, address: string, reference: number): Promise<ProviderMessageLink | undefined> {
    const target = await this.marks.byReference(tenant, address, reference);
    const link = target && parseDeliveryId(target.deliveryId);
    if (!target || !link) return undefined;
    const [sentAs, submittedAt] = await this.redis.mget(this.sentKey(target.deliveryId), this.marks.key(target.deliveryId));
    if (sentAs || !submittedAt) return undefined;
    await this.linkProviderMessage(tenant, providerMessageId, link.requestId, link.index, target.notify);
    return { ...link, notify: target.notify };
  }

  /**
   * Writes, in the store alone, that the provider accepted delivery `index` as `providerMessageId`:
   * what keeps a retry from sending again when the Redis note could not be written. A plain update by
   * `_id` of a field of its own, so it races with no status change.
   */
  async storeAcceptance(requestId: string, index: number, providerMessageId: string): Promise<void> {
    await this.rows.updateOne({ _id: requestId }, { $set: { [`deliveries.${index}.acceptedAs`]: providerMessageId } });
  }

  /** The acceptance `storeAcceptance` wrote, if any (read by retries only: it costs a store read). */
  async storedAcceptance(requestId: string, index: number): Promise<string | undefined> {
    const delivery = (await this.find(requestId))?.deliveries[index];
    return delivery?.acceptedAs ?? delivery?.providerMessageId;
  }

  /**
   * Notes in Redis, for a week, that the provider accepted delivery `index` of request `requestId`
   * as `providerMessageId`, both ways: receipts find the delivery, and a retry of a delivery whose
   * status write was lost (the process died) finds that it was sent. The submit's mark goes.
   */
  async linkProviderMessage(tenant: string, providerMessageId: string, requestId: string, index: number, notify: boolean): Promise<void> {
    const id = deliveryId(requestId, index);
    await this.redis.multi()
      .set(`${this.linkPrefix}${tenant}:${providerMessageId}`, `${id} ${notify ? 'notify' : '-'}`, 'EX', LINK_TTL_SECONDS)
      .set(this.sentKey(id), providerMessageId, 'EX', LINK_TTL_SECONDS)
      .del(this.marks.key(id))
      .exec();
  }

  /** The key of the note of the provider's id a delivery was accepted as. */
  private sentKey(deliveryIdValue: string): string {
    return `${this.sentPrefix}${deliveryIdValue}`;
  }

  /** The delivery a provider's message id names, or undefined (not submitted yet, or unknown). */
  async findByProviderMessage(tenant: string, providerMessageId: string): Promise<ProviderMessageLink | undefined> {
    const [id, flag] = ((await this.redis.get(`${this.linkPrefix}${tenant}:${providerMessageId}`)) ?? '').split(' ');
    const link = parseDeliveryId(id);
    if (!link) return undefined;
    if (flag) return { ...link, notify: flag === 'notify' };
    const request = await this.findOfTenant(tenant, link.requestId);
    return request ? { ...link, notify: Boolean(request.notifyUrl) } : undefined;
  }

  /** Moves delivery `index` of request `id` to `change` unless it is already final (or, with `from`, not in that state); whether it changed. */
  changeDelivery(id: string, index: number, change: DeliveryChange, from?: DeliveryStatus): Promise<boolean> {
    return this.guard.run(deliveryId(id, index), async (copy, writing) => {
      const current = copy ?? (await this.find(id))?.deliveries[index];
      if (!current) return undefined;
      const set = Object.entries(change).filter(([, value]) => value) as Array<[keyof DeliveryState, string]>;
      const blocked = from ? current.status !== from : FINAL_STATUSES.includes(current.status);
      if (blocked || set.every(([key, value]) => current[key] === value)) return stateOf(current);
      writing();
      await this.updates.write({ updateOne: { filter: { _id: id }, update: { $set: Object.fromEntries(set.map(([key, value]) => [`deliveries.${index}.${key}`, value])) } } });
      return { ...stateOf(current), ...Object.fromEntries(set) };
    });
  }

  /**
   * Requests made after `from` (or at it, with `inclusive`) and before `before` with a delivery still
   * waiting to be submitted, oldest first. On FerretDB this reads the whole collection: `WaitingSweep`
   * calls it only when something may have left a request unqueued.
   */
  waiting(from: Date, before: Date, limit: number, inclusive = false): Promise<SmsRequestDocument[]> {
    const after = inclusive ? { $gte: from } : { $gt: from };
    return this.rows.find({ createdAt: { ...after, $lt: before }, 'deliveries.status': 'MessageWaiting' }).sort({ createdAt: 1 }).limit(limit).toArray();
  }
}

function stateOf({ status, providerMessageId, reason }: DeliveryState): DeliveryState {
  return { status, ...(providerMessageId ? { providerMessageId } : {}), ...(reason ? { reason } : {}) };
}
