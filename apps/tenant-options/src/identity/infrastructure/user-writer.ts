import { Injectable } from '@nestjs/common';
import type { UpdateFilter } from 'mongodb';
import { UserChanged, UserChangedV1 } from '@berth/contracts';
import { DomainError } from '@berth/http';
import { isDuplicateKey } from '@berth/messaging';
import { Outbox, OUTBOX_FIELD } from '@berth/runtime';
import { UserRecord, userId } from './identity-records';
import { IdentityStore } from './identity-store';

/** Every write of a user goes here: one conditional single-document write carrying its `UserChanged` event. */
@Injectable()
export class UserWriter {
  constructor(private readonly store: IdentityStore, private readonly outbox: Outbox) {}

  async find(tenant: string, userName: string): Promise<UserRecord> {
    const user = await this.store.users.findOne({ _id: userId(tenant, userName) });
    if (!user || user.deleted) throw new DomainError('users', 'Not Found', `User ${userName} does not exist in tenant ${tenant}`);
    return user;
  }

  /** @throws 409 `users/Duplicate` when the user name is taken in the tenant. */
  async insert(user: UserRecord): Promise<UserRecord> {
    try {
      await this.outbox.insertOne(this.store.users, user, [this.event(user, 'created')]);
      return user;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      if (!(await this.dropTombstone(user._id))) throw new DomainError('users', 'Duplicate', `User ${user.userName} already exists in tenant ${user.tenant}`);
      await this.outbox.insertOne(this.store.users, user, [this.event(user, 'created')]);
      return user;
    }
  }

  /** Applies `update` if nobody changed the user since `user` was read. @throws 409 `users/Update Conflict` otherwise. */
  async update(user: UserRecord, update: UpdateFilter<UserRecord>, change: UserChangedV1['change']): Promise<UserRecord> {
    const next = { ...user, version: user.version + 1 };
    const result = await this.outbox.updateOne(this.store.users, { _id: user._id, version: user.version },
      { ...update, $inc: { version: 1 } }, [this.event(next, change)]);
    if (result.matchedCount === 0) throw new DomainError('users', 'Update Conflict', `User ${user.userName} changed in the meantime; read it again`);
    return (await this.store.users.findOne({ _id: user._id }))!;
  }

  /** Leaves a tombstone without password or roles; its event rides on it until published. */
  async remove(user: UserRecord): Promise<void> {
    await this.update(user, { $set: { enabled: false, deleted: true, roles: [], groups: [] }, $unset: { passwordHash: '' } }, 'deleted');
  }

  /** Deletes a user's tombstone once its events are published; false when there is none to drop. */
  private async dropTombstone(id: string): Promise<boolean> {
    const result = await this.store.users.deleteOne({ _id: id, deleted: true, [OUTBOX_FIELD]: { $size: 0 } });
    return result.deletedCount === 1 || (await this.store.users.deleteOne({ _id: id, deleted: true, [OUTBOX_FIELD]: { $exists: false } })).deletedCount === 1;
  }

  private event(user: UserRecord, change: UserChangedV1['change']) {
    return { contract: UserChanged, fields: { tenantId: user.tenant, aggregateId: user._id, aggregateVersion: user.version, payload: { tenant: user.tenant, userName: user.userName, change } } };
  }
}
