import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';

/** Whether a tenant exists, read from the identity context's `tenants` collection (same database). */
@Injectable()
export class TenantDirectory {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  async exists(tenant: string): Promise<boolean> {
    return (await this.connection.db!.collection<{ _id: string }>('tenants').findOne({ _id: tenant }, { projection: { _id: 1 } })) !== null;
  }
}
