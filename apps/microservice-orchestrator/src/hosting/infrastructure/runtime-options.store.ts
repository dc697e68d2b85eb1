import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection } from 'mongodb';
import type { Connection } from 'mongoose';
import { RuntimeOption, RuntimeOverrides, runtimeOverrides } from '@berth/contracts';
import { ensureIndexes, upsertUnlessNewer } from '@berth/messaging';

/** One tenant's runtime option as the last OptionChanged applied left it. `_id` is `<tenant>/<key>`; a deleted one keeps its version. */
export interface RuntimeOptionRow extends Omit<RuntimeOption, 'value'> {
  _id: string;
  tenant: string;
  value?: string;
  deleted: boolean;
  version: number;
}

/** The projection `runtime_options` of the tenants' `microservice.runtime` options (from OptionChanged; an older event than the one applied is dropped). */
@Injectable()
export class RuntimeOptionsStore implements OnModuleInit {
  private readonly options: Collection<RuntimeOptionRow>;

  constructor(@InjectConnection() connection: Connection) {
    this.options = connection.db!.collection<RuntimeOptionRow>('runtime_options');
  }

  async onModuleInit() {
    await ensureIndexes(this.options, [{ key: { tenant: 1, application: 1 }, name: 'tenant_application' }]);
  }

  /** Stores the row unless a newer version of the option was applied; false then. */
  async apply(row: RuntimeOptionRow): Promise<boolean> {
    const update = row.deleted ? { $set: { ...row }, $unset: { value: '' as const } } : { $set: row };
    return upsertUnlessNewer(this.options, row._id, 'version', row.version, update);
  }

  /** What the owner's live options override for its application `name`. */
  async overrides(ownerTenant: string, name: string): Promise<RuntimeOverrides> {
    const rows = await this.options.find({ tenant: ownerTenant, application: name, deleted: false }).toArray();
    return runtimeOverrides(rows.filter((r): r is RuntimeOptionRow & { value: string } => typeof r.value === 'string'));
  }
}
