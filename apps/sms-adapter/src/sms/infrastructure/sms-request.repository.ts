import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection } from 'mongodb';
import type { Connection } from 'mongoose';
import { ensureIndexes, isDuplicateKey } from '@berth/messaging';
import type { DeliveryStatus } from '../../providers/sms-provider';
import { FINAL_STATUSES, SmsRequestDocument } from '../domain/sms-request';

/** Which delivery a provider's message id belongs to, keyed `<tenant>\n<providerMessageId>` (a lookup by `_id`, cheap on FerretDB too). */
interface ProviderMessageDocument { _id: string; requestId: string; index: number }

export interface DeliveryChange {
  status: DeliveryStatus;
  providerMessageId?: string;
  reason?: string;
}

/** The send requests. A delivery's status only moves while it is not final. */
@Injectable()
export class SmsRequestRepository implements OnModuleInit {
  readonly rows: Collection<SmsRequestDocument>;
  private readonly providerMessages: Collection<ProviderMessageDocument>;

  constructor(@InjectConnection() connection: Connection) {
    this.rows = connection.db!.collection<SmsRequestDocument>('sms_requests');
    this.providerMessages = connection.db!.collection<ProviderMessageDocument>('sms_provider_messages');
  }

  async onModuleInit() {
    await ensureIndexes(this.rows, [{ key: { createdAt: 1 }, name: 'created' }]);
  }

  /** Stores `doc`; when a request with its id exists (a retried POST), returns that one and false. */
  async insert(doc: SmsRequestDocument): Promise<{ request: SmsRequestDocument; created: boolean }> {
    try {
      await this.rows.insertOne(doc);
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

  findOfTenant(tenant: string, id: string): Promise<SmsRequestDocument | null> {
    return this.rows.findOne({ _id: id, tenant });
  }

  /** Notes that the provider calls delivery `index` of request `requestId` by `providerMessageId`. */
  async linkProviderMessage(tenant: string, providerMessageId: string, requestId: string, index: number): Promise<void> {
    await this.providerMessages.updateOne({ _id: `${tenant}\n${providerMessageId}` }, { $set: { requestId, index } }, { upsert: true });
  }

  /** The request and delivery index a provider's message id names, or undefined (not submitted yet, or unknown). */
  async findByProviderMessage(tenant: string, providerMessageId: string): Promise<{ request: SmsRequestDocument; index: number } | undefined> {
    const link = await this.providerMessages.findOne({ _id: `${tenant}\n${providerMessageId}` });
    const request = link ? await this.rows.findOne({ _id: link.requestId, tenant }) : null;
    return request && link ? { request, index: link.index } : undefined;
  }

  /** Moves delivery `index` of request `id` to `change` unless it is already final (or, with `from`, not in that state); whether it moved. */
  async changeDelivery(id: string, index: number, change: DeliveryChange, from?: DeliveryStatus): Promise<boolean> {
    const path = `deliveries.${index}`;
    const set: Record<string, unknown> = { [`${path}.status`]: change.status };
    if (change.providerMessageId) set[`${path}.providerMessageId`] = change.providerMessageId;
    if (change.reason) set[`${path}.reason`] = change.reason;
    const status = from ?? { $nin: FINAL_STATUSES };
    const result = await this.rows.updateOne({ _id: id, [`${path}.status`]: status }, { $set: set });
    return result.modifiedCount === 1;
  }

  /** Requests made between `after` and `before` with a delivery still waiting to be submitted, oldest first. */
  waiting(after: Date, before: Date, limit: number): Promise<SmsRequestDocument[]> {
    return this.rows.find({ createdAt: { $gt: after, $lt: before }, 'deliveries.status': 'MessageWaiting' }).sort({ createdAt: 1 }).limit(limit).toArray();
  }
}
