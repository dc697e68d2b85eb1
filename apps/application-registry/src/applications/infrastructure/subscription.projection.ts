import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection } from 'mongodb';
import type { Connection } from 'mongoose';
import { ensureIndexes, upsertUnlessNewer } from '@berth/messaging';

/** One tenant's subscription to one application as the subscription app announced it. */
export interface SubscriptionRow {
  _id: string;
  tenant: string;
  applicationId: string;
  applicationName: string;
  subscribed: boolean;
  version: number;
  isolation?: string;
  manifestVersion?: string;
}

export interface SubscriptionChange {
  tenant: string;
  applicationId: string;
  applicationName: string;
  isolation?: string;
  manifestVersion?: string;
  subscribed: boolean;
  /** The event's aggregateVersion: a change older than the one stored is dropped. */
  version: number;
}

/**
 * The registry's read model of subscriptions, fed by subscription events. Rows are keyed
 * `<tenant>/<applicationId>`; an unsubscribed row stays (subscribed: false) so a late, older
 * event cannot bring it back.
 */
@Injectable()
export class SubscriptionProjection implements OnModuleInit {
  private readonly rows: Collection<SubscriptionRow>;

  constructor(@InjectConnection() connection: Connection) {
    this.rows = connection.db!.collection<SubscriptionRow>('subscriptions');
  }

  async onModuleInit() {
    await ensureIndexes(this.rows, [
      { key: { tenant: 1, subscribed: 1 }, name: 'tenant_subscribed' },
      { key: { applicationId: 1, subscribed: 1 }, name: 'application_subscribed' },
    ]);
  }

  /** Applies a change unless a newer one is stored; applying one twice changes nothing. */
  async apply(change: SubscriptionChange): Promise<'applied' | 'stale'> {
    const _id = `${change.tenant}/${change.applicationId}`;
    const row: Omit<SubscriptionRow, '_id'> = {
      tenant: change.tenant, applicationId: change.applicationId, applicationName: change.applicationName,
      subscribed: change.subscribed, version: change.version,
      ...(change.isolation ? { isolation: change.isolation } : {}),
      ...(change.manifestVersion ? { manifestVersion: change.manifestVersion } : {}),
    };
    return (await upsertUnlessNewer(this.rows, _id, 'version', change.version, { $set: row })) ? 'applied' : 'stale';
  }

  async isSubscribed(tenant: string, applicationId: string): Promise<boolean> {
    const row = await this.rows.findOne({ _id: `${tenant}/${applicationId}` });
    return row?.subscribed === true;
  }

  /** Ids of the applications `tenant` is subscribed to. */
  async applicationIdsOf(tenant: string): Promise<string[]> {
    const rows = await this.rows.find({ tenant, subscribed: true }, { projection: { applicationId: 1 } }).toArray();
    return rows.map((r) => r.applicationId);
  }

  /** Tenants subscribed to the application, sorted. */
  async subscribersOf(applicationId: string): Promise<string[]> {
    const rows = await this.rows.find({ applicationId, subscribed: true }, { projection: { tenant: 1 } }).toArray();
    return rows.map((r) => r.tenant).sort();
  }
}
