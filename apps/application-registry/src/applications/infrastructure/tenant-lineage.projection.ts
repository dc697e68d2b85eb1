import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection } from 'mongodb';
import type { Connection } from 'mongoose';
import type { TenantLineage } from '@berth/contracts';
import { upsertUnlessNewer } from '@berth/messaging';

/** A tenant as tenant-options announced it: the tenant that created it, and the event's aggregateVersion. */
export interface TenantLineageRow {
  _id: string;
  parent?: string;
  version: number;
}

/**
 * The registry's read model of tenants' parents, fed by `tenant.tenant.v1`: what decides which
 * MARKET applications a tenant sees. Looked up by `_id` only (the store's one indexed lookup).
 */
@Injectable()
export class TenantLineageProjection {
  private readonly rows: Collection<TenantLineageRow>;

  constructor(@InjectConnection() connection: Connection) {
    this.rows = connection.db!.collection<TenantLineageRow>('tenant_lineage');
  }

  /** Records the tenant's parent unless a newer event is stored; a parent once known is kept. */
  async apply(tenant: string, parent: string | undefined, version: number): Promise<void> {
    await upsertUnlessNewer(this.rows, tenant, 'version', version, { $set: { version, ...(parent ? { parent } : {}) } });
  }

  /** The tenant with its parent; one not (yet) announced has none recorded, so it counts as the management tenant's child. */
  async lineageOf(tenant: string): Promise<TenantLineage> {
    const row = await this.rows.findOne({ _id: tenant }, { projection: { parent: 1 } });
    return { id: tenant, parent: row?.parent };
  }
}
