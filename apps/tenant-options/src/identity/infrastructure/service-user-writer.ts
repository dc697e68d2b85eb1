import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { SecretBox, secretBoxFromConfig } from '@berth/auth';
import { ServiceUserCreated, serviceUserPasswordContext, UserChanged, UserChangedV1 } from '@berth/contracts';
import { isDuplicateKey } from '@berth/messaging';
import { Outbox, OutboxMessage } from '@berth/runtime';
import { TENANT_OPTIONS_CONFIG } from '../../config/tenant-options.token';
import type { TenantOptionsConfig } from '../../config/tenant-options.env';
import { newUserRecord } from '../domain/new-records';
import { UserRecord, userId } from './identity-records';
import { IdentityStore } from './identity-store';
import { PasswordHasher } from './password-hasher';
import { UserWriter } from './user-writer';

/** A service user remembers the subscription (its aggregateVersion) it was made for. */
type ServiceUserRecord = UserRecord & { subscriptionVersion?: number };

export interface ServiceUserGrant { tenant: string; applicationId: string; applicationName: string; roles: string[]; subscriptionVersion: number }

const ATTEMPTS = 5;

/**
 * Writes the service users of microservice subscriptions (`service_<app>`, kind `service`): a
 * random password, stored hashed like any user's, and handed on only sealed, in
 * `ServiceUserCreated`, written with the user in one operation. Both methods are idempotent.
 */
@Injectable()
export class ServiceUserWriter {
  private readonly box: SecretBox;

  constructor(
    private readonly store: IdentityStore,
    private readonly outbox: Outbox,
    private readonly users: UserWriter,
    private readonly hasher: PasswordHasher,
    @Inject(TENANT_OPTIONS_CONFIG) config: TenantOptionsConfig,
  ) {
    this.box = secretBoxFromConfig(config);
  }

  /**
   * Creates the user, or renews password and roles of one made for an older subscription; nothing
   * when it was made for this subscription or a newer one, or the name belongs to a user who is not a service user.
   */
  async grant(grant: ServiceUserGrant): Promise<'created' | 'renewed' | 'unchanged'> {
    const userName = `service_${grant.applicationName}`;
    const _id = userId(grant.tenant, userName);
    const tenant = await this.store.tenants.findOne({ _id: grant.tenant });
    if (!tenant || tenant.deleted) return 'unchanged';
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const existing = await this.store.users.findOne({ _id }) as ServiceUserRecord | null;
      if (existing && !existing.deleted && (existing.kind !== 'service' || (existing.subscriptionVersion ?? 0) >= grant.subscriptionVersion)) return 'unchanged';
      const password = randomBytes(24).toString('base64url');
      const passwordHash = await this.hasher.hash(password);
      const sealedPassword = this.box.seal(password, serviceUserPasswordContext(grant.tenant, grant.applicationId));
      const version = (existing?.version ?? 0) + 1;
      const messages = (change: UserChangedV1['change']) => this.messages(grant, userName, version, sealedPassword, change);
      if (!existing) {
        const record: ServiceUserRecord = { ...newUserRecord({ tenant: grant.tenant, userName, passwordHash, roles: grant.roles, kind: 'service' }), subscriptionVersion: grant.subscriptionVersion };
        try {
          await this.outbox.insertOne(this.store.users, record, messages('created'));
          return 'created';
        } catch (err) {
          if (!isDuplicateKey(err)) throw err;
          continue;
        }
      }
      const result = await this.outbox.updateOne(this.store.users, { _id, version: existing.version }, {
        $set: { passwordHash, roles: grant.roles, groups: [], kind: 'service', enabled: true, subscriptionVersion: grant.subscriptionVersion, lastPasswordChange: new Date() },
        $unset: { deleted: '' }, $inc: { version: 1 },
      } as never, messages(existing.deleted ? 'created' : 'credentials'));
      if (result.matchedCount === 1) return existing.deleted ? 'created' : 'renewed';
    }
    throw new Error(`service user ${_id} kept changing; retrying the message`);
  }

  /** Removes the service user unless a newer subscription made it again. */
  async revoke(tenant: string, applicationName: string, subscriptionVersion: number): Promise<boolean> {
    const user = await this.store.users.findOne({ _id: userId(tenant, `service_${applicationName}`) }) as ServiceUserRecord | null;
    if (!user || user.deleted || user.kind !== 'service' || (user.subscriptionVersion ?? 0) > subscriptionVersion) return false;
    await this.users.remove(user);
    return true;
  }

  private messages(grant: ServiceUserGrant, userName: string, version: number, sealedPassword: string, change: UserChangedV1['change']): OutboxMessage[] {
    const fields = { tenantId: grant.tenant, aggregateId: userId(grant.tenant, userName), aggregateVersion: version };
    return [
      { contract: UserChanged, fields: { ...fields, payload: { tenant: grant.tenant, userName, change } } },
      {
        contract: ServiceUserCreated,
        fields: { ...fields, payload: { tenant: grant.tenant, userName, applicationId: grant.applicationId, applicationName: grant.applicationName, subscriptionVersion: grant.subscriptionVersion, sealedPassword } },
      },
    ] as OutboxMessage[];
  }
}
