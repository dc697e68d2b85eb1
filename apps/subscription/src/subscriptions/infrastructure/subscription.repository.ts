import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection } from 'mongodb';
import type { Connection } from 'mongoose';
import { ensureIndexes, isDuplicateKey } from '@berth/messaging';
import { Outbox, OutboxMessage } from '@berth/runtime';
import { SubscriptionDocument, subscriptionId } from '../domain/subscription';

export const SUBSCRIPTIONS = 'subscriptions';

/** The subscriptions; every write is one conditional single-document write carrying its event. */
@Injectable()
export class SubscriptionRepository implements OnModuleInit {
  readonly rows: Collection<SubscriptionDocument>;

  constructor(@InjectConnection() connection: Connection, private readonly outbox: Outbox) {
    this.rows = connection.db!.collection<SubscriptionDocument>(SUBSCRIPTIONS);
  }

  async onModuleInit() {
    await ensureIndexes(this.rows, [
      { key: { tenant: 1, subscribed: 1, applicationId: 1 }, name: 'tenant_subscribed' },
      { key: { applicationId: 1, subscribed: 1, tenant: 1 }, name: 'application_subscribed' },
    ]);
  }

  find(tenant: string, applicationId: string): Promise<SubscriptionDocument | null> {
    return this.rows.findOne({ _id: subscriptionId(tenant, applicationId) });
  }

  /** Stores `next` unless someone changed the subscription since `current` was read; false if so. */
  async subscribe(current: SubscriptionDocument | null, next: SubscriptionDocument, messages: OutboxMessage[]): Promise<boolean> {
    if (!current) {
      try {
        await this.outbox.insertOne(this.rows, next, messages);
        return true;
      } catch (err) {
        if (isDuplicateKey(err)) return false;
        throw err;
      }
    }
    const { _id, ...fields } = next;
    const result = await this.outbox.updateOne(this.rows, { _id, version: current.version, subscribed: false },
      { $set: fields, $unset: { servicePassword: '' } }, messages);
    return result.matchedCount === 1;
  }

  /**
   * Stores `next`, a subscription whose tenant accepted the microservice's current roles, unless
   * `current` ended or changed since read; false if so. The service user gets a new password with
   * the new roles, so the old one's is dropped.
   */
  async acceptRoles(current: SubscriptionDocument, next: SubscriptionDocument, messages: OutboxMessage[]): Promise<boolean> {
    const { requiredRoles, roles, acceptedRoles, version } = next;
    const result = await this.outbox.updateOne(this.rows, { _id: current._id, version: current.version, subscribed: true },
      { $set: { requiredRoles, roles, acceptedRoles, version }, $unset: { servicePassword: '' } }, messages);
    return result.matchedCount === 1;
  }

  /** Ends `current` (still subscribed, unchanged since read) and drops its service password; false otherwise. */
  async unsubscribe(current: SubscriptionDocument, messages: OutboxMessage[]): Promise<boolean> {
    const result = await this.outbox.updateOne(this.rows, { _id: current._id, version: current.version, subscribed: true },
      { $set: { subscribed: false, version: current.version + 1 }, $unset: { servicePassword: '', subscribedAt: '' } }, messages);
    return result.matchedCount === 1;
  }

  /** The tenant's current subscriptions, by application id. */
  activeOf(tenant: string, skip = 0, limit = 0): Promise<SubscriptionDocument[]> {
    return this.rows.find({ tenant, subscribed: true }).sort({ applicationId: 1 }).skip(skip).limit(limit).toArray();
  }

  countActiveOf(tenant: string): Promise<number> {
    return this.rows.countDocuments({ tenant, subscribed: true });
  }

  /** The application's current subscriptions, by tenant. */
  subscribersOf(applicationId: string): Promise<SubscriptionDocument[]> {
    return this.rows.find({ applicationId, subscribed: true }).sort({ tenant: 1 }).toArray();
  }

  /** Records a service user's sealed password, if the subscription it was made for is still the current one. */
  async setServicePassword(tenant: string, applicationId: string, version: number, sealed: string): Promise<boolean> {
    const result = await this.rows.updateOne({ _id: subscriptionId(tenant, applicationId), version, subscribed: true }, { $set: { servicePassword: sealed } });
    return result.matchedCount === 1;
  }
}
