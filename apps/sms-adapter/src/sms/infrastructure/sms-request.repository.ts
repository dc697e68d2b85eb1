import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection } from 'mongodb';
import type { Connection } from 'mongoose';
import { ensureIndexes, isDuplicateKey } from '@berth/messaging';
import type { DeliveryStatus } from '../../providers/sms-provider';
import { FINAL_STATUSES, SmsRequestDocument } from '../domain/sms-request';

export interface DeliveryChange {
  status: DeliveryStatus;
  providerMessageId?: string;
  reason?: string;
}

/** The send requests. A delivery's status only moves while it is not final. */
@Injectable()
export class SmsRequestRepository implements OnModuleInit {
  readonly rows: Collection<SmsRequestDocument>;

  constructor(@InjectConnection() connection: Connection) {
    this.rows = connection.db!.collection<SmsRequestDocument>('sms_requests');
  }

  async onModuleInit() {
    await ensureIndexes(this.rows, [
      { key: { tenant: 1, 'deliveries.providerMessageId': 1 }, name: 'tenant_provider_message' },
      { key: { 'deliveries.status': 1, createdAt: 1 }, name: 'status_created' },
    ]);
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

  findByProviderMessage(tenant: string, providerMessageId: string): Promise<SmsRequestDocument | null> {
    return this.rows.findOne({ tenant, 'deliveries.providerMessageId': providerMessageId });
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

  /** Requests with a delivery still waiting to be submitted, made before `before`, oldest first. */
  waiting(before: Date, limit: number): Promise<SmsRequestDocument[]> {
    return this.rows.find({ 'deliveries.status': 'MessageWaiting', createdAt: { $lt: before } }).sort({ createdAt: 1 }).limit(limit).toArray();
  }
}
