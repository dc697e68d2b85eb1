import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection } from 'mongodb';
import type { Connection } from 'mongoose';
import { ensureIndexes, isDuplicateKey } from '@berth/messaging';
import { InboundDocument } from '../domain/inbound-message';

/** The received messages, per tenant. */
@Injectable()
export class InboundRepository implements OnModuleInit {
  readonly rows: Collection<InboundDocument>;

  constructor(@InjectConnection() connection: Connection) {
    this.rows = connection.db!.collection<InboundDocument>('sms_inbound');
  }

  async onModuleInit() {
    await ensureIndexes(this.rows, [{ key: { tenant: 1, destinationAddress: 1, receivedAt: -1 }, name: 'tenant_destination' }]);
  }

  /** Stores `doc` once: a message redelivered with the same id is ignored. */
  async insert(doc: InboundDocument): Promise<void> {
    try {
      await this.rows.insertOne(doc);
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }

  /** By `_id` alone (FerretDB scans the collection for `_id` with another field), then the tenant checked here. */
  async find(tenant: string, id: string): Promise<InboundDocument | null> {
    const doc = await this.rows.findOne({ _id: id });
    return doc?.tenant === tenant ? doc : null;
  }

  /** Messages to `destination`, newest first. */
  list(tenant: string, destination: string, skip: number, limit: number): Promise<InboundDocument[]> {
    return this.rows.find({ tenant, destinationAddress: destination }).sort({ receivedAt: -1, _id: -1 }).skip(skip).limit(limit).toArray();
  }
}
