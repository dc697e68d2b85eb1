import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection } from 'mongodb';
import type { Connection } from 'mongoose';
import { mayHoldRole } from '@berth/auth';
import { TENANT_OPTIONS_CONFIG } from '../../config/tenant-options.token';
import type { TenantOptionsConfig } from '../../config/tenant-options.env';
import { UserRecord } from './identity-records';

/** A group of users within a tenant; `_id` is `<tenant>/<group id>`. */
export interface GroupRecord { _id: string; tenant: string; id: string; name: string; roles: string[] }

export const GROUPS = 'groups';

/**
 * A user's effective roles: those assigned directly plus those of every group the user is in,
 * less any role the user's tenant may not hold (mayHoldRole), however it got there.
 */
@Injectable()
export class EffectiveRoles implements OnModuleInit {
  readonly groups: Collection<GroupRecord>;

  constructor(@InjectConnection() connection: Connection, @Inject(TENANT_OPTIONS_CONFIG) private readonly config: TenantOptionsConfig) {
    this.groups = connection.db!.collection<GroupRecord>(GROUPS);
  }

  async onModuleInit() {
    await this.groups.createIndex({ tenant: 1, name: 1 });
  }

  async of(user: Pick<UserRecord, 'tenant' | 'roles' | 'groups'>): Promise<string[]> {
    const roles = new Set(user.roles);
    for (const id of user.groups) {
      const group = await this.groups.findOne({ _id: `${user.tenant}/${id}` });
      group?.roles.forEach((r) => roles.add(r));
    }
    const inManagement = user.tenant === this.config.BERTH_MANAGEMENT_TENANT;
    return [...roles].filter((r) => mayHoldRole(r, inManagement));
  }
}
