import { Injectable } from '@nestjs/common';
import type { PrincipalKind } from '@berth/auth';
import type { UserChangedV1 } from '@berth/contracts';
import { isDuplicateKey } from '@berth/messaging';
import { Outbox, OutboxMessage } from '@berth/runtime';
import { newUserRecord } from '../domain/new-records';
import { hashMachineSecret, machineSecret } from './machine-secret-hash';
import { UserRecord, userId } from './identity-records';
import { IdentityStore } from './identity-store';

/** A user made for a machine (a microservice's bootstrap or service user), as one writer wants it. */
export interface MachineUser<R extends UserRecord> {
  tenant: string;
  userName: string;
  kind: PrincipalKind;
  roles: string[];
  /** What the user remembers it was made for, e.g. `{ applicationId }` or `{ subscriptionVersion }`. */
  madeFor: Partial<R>;
  /** True when the stored user must stay as it is (already made for this, or someone else's). */
  keep(existing: R): boolean;
  /** The password, sealed for the app that hands it on. */
  seal(password: string): string;
  /** The messages written with the user: its `UserChanged` and the event carrying the sealed password. */
  messages(version: number, sealedPassword: string, change: UserChangedV1['change']): OutboxMessage[];
}

const ATTEMPTS = 5;

/**
 * Creates or renews machine users with a fresh random password (192 random bits, so hashed with
 * one salted SHA-256, machine-secret-hash), in one single-document write that
 * carries their messages, so the clear password never leaves the process. A user left deleted is
 * made again; a concurrent change is retried a few times, then the message is.
 */
@Injectable()
export class MachineUserStore {
  constructor(private readonly store: IdentityStore, private readonly outbox: Outbox) {}

  async write<R extends UserRecord>(user: MachineUser<R>): Promise<'created' | 'renewed' | 'unchanged'> {
    const _id = userId(user.tenant, user.userName);
    const tenant = await this.store.tenants.findOne({ _id: user.tenant });
    if (!tenant || tenant.deleted) return 'unchanged';
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const existing = await this.store.users.findOne({ _id }) as R | null;
      if (existing && user.keep(existing)) return 'unchanged';
      const password = machineSecret();
      const passwordHash = hashMachineSecret(password);
      const sealedPassword = user.seal(password);
      const version = (existing?.version ?? 0) + 1;
      if (!existing) {
        const record = { ...newUserRecord({ tenant: user.tenant, userName: user.userName, passwordHash, roles: user.roles, kind: user.kind }), ...user.madeFor };
        try {
          await this.outbox.insertOne(this.store.users, record, user.messages(version, sealedPassword, 'created'));
          return 'created';
        } catch (err) {
          if (!isDuplicateKey(err)) throw err;
          continue;
        }
      }
      const result = await this.outbox.updateOne(this.store.users, { _id, version: existing.version }, {
        $set: { passwordHash, roles: user.roles, groups: [], kind: user.kind, enabled: true, ...user.madeFor, lastPasswordChange: new Date() },
        $unset: { deleted: '' }, $inc: { version: 1 },
      } as never, user.messages(version, sealedPassword, existing.deleted ? 'created' : 'credentials'));
      if (result.matchedCount === 1) return existing.deleted ? 'created' : 'renewed';
    }
    throw new Error(`${user.kind} user ${_id} kept changing; retrying the message`);
  }
}
