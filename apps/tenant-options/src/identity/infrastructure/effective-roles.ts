import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Collection } from 'mongodb';
import type { Connection } from 'mongoose';
import { UserRecord } from './identity-records';

/** A group of users within a tenant; `_id` is `<tenant>/<group id>`. */
export interface GroupRecord { _id: string; tenant: string; id: string; name: string; roles: string[] }

export const GROUPS = 'groups';

/** A user's effective roles: those assigned directly plus those of every group the user is in. */
@Injectable()
export class EffectiveRoles implements OnModuleInit {
  readonly groups: Collection<GroupRecord>;

  constructor(@InjectConnection() connection: Connection) {
    this.groups = connection.db!.collection<GroupRecord>(GROUPS);
  }

  async onModuleInit() {
    await this.groups.createIndex({ tenant: 1, name: 1 });
  }

  async of(user: Pick<UserRecord, 'tenant' | 'roles' | 'groups'>): Promise<string[]> {
    if (user.groups.length === 0) return user.roles;
    const roles = new Set(user.roles);
    for (const id of user.groups) {
      const group = await this.groups.findOne({ _id: `${user.tenant}/${id}` });
      group?.roles.forEach((r) => roles.add(r));
    }
    return [...roles];
  }
}
