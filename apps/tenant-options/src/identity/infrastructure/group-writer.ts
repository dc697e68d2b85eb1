import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { UpdateFilter } from 'mongodb';
import { GroupChanged, GroupChangedV1 } from '@berth/contracts';
import { DomainError } from '@berth/http';
import { isDuplicateKey } from '@berth/messaging';
import { Outbox } from '@berth/runtime';
import { EffectiveRoles, GroupRecord } from './effective-roles';

export type StoredGroup = GroupRecord & { version: number; deleted?: true };

/** Every write of a group: one conditional single-document write carrying its `GroupChanged` event. */
@Injectable()
export class GroupWriter {
  constructor(private readonly roles: EffectiveRoles, private readonly outbox: Outbox) {}

  async find(tenant: string, id: string): Promise<StoredGroup> {
    const group = await this.roles.groups.findOne({ _id: `${tenant}/${id}` }) as StoredGroup | null;
    if (!group || group.deleted) throw new DomainError('groups', 'Not Found', `Group ${id} does not exist in tenant ${tenant}`);
    return group;
  }

  /** @throws 409 `groups/Duplicate` when the name is taken in the tenant. */
  async create(tenant: string, name: string): Promise<StoredGroup> {
    if (await this.roles.groups.findOne({ tenant, name, deleted: { $ne: true } } as never)) throw new DomainError('groups', 'Duplicate', `Group ${name} already exists`);
    const id = String(randomInt(1_000_000, 9_999_999));
    const group: StoredGroup = { _id: `${tenant}/${id}`, tenant, id, name, roles: [], version: 1 };
    try {
      await this.outbox.insertOne(this.roles.groups, group, [this.event(group, 'created')]);
    } catch (err) {
      if (isDuplicateKey(err)) return this.create(tenant, name);
      throw err;
    }
    return group;
  }

  async update(group: StoredGroup, update: UpdateFilter<GroupRecord>, change: GroupChangedV1['change']): Promise<StoredGroup> {
    const result = await this.outbox.updateOne(this.roles.groups, { _id: group._id, version: group.version } as never,
      { ...update, $inc: { version: 1 } } as never, [this.event({ ...group, version: group.version + 1 }, change)]);
    if (result.matchedCount === 0) throw new DomainError('groups', 'Update Conflict', `Group ${group.id} changed in the meantime; read it again`);
    return (await this.roles.groups.findOne({ _id: group._id })) as StoredGroup;
  }

  private event(group: StoredGroup, change: GroupChangedV1['change']) {
    return { contract: GroupChanged, fields: { tenantId: group.tenant, aggregateId: group._id, aggregateVersion: group.version, payload: { tenant: group.tenant, groupId: group.id, change } } };
  }
}
