import { Inject, Injectable } from '@nestjs/common';
import { SecretBox, secretBoxFromConfig } from '@berth/auth';
import { ServiceUserCreated, serviceUserPasswordContext, UserChanged, UserChangedV1 } from '@berth/contracts';
import { OutboxMessage } from '@berth/runtime';
import { TENANT_OPTIONS_CONFIG } from '../../config/tenant-options.token';
import type { TenantOptionsConfig } from '../../config/tenant-options.env';
import { serviceUserName, UserRecord, userId } from './identity-records';
import { IdentityStore } from './identity-store';
import { MachineUserStore } from './machine-user-store';
import { UserWriter } from './user-writer';

/**
 * A service user remembers the subscription (its aggregateVersion) it was made for, and the roles
 * its tenant accepted then: its roles are never more (docs/security.md, "Service users and the roles a tenant accepted").
 * A user without `acceptedRoles` has accepted the roles it holds.
 */
export type ServiceUserRecord = UserRecord & { subscriptionVersion?: number; acceptedRoles?: string[] };

/** `roles` are what the user gets now: the microservice's current `requiredRoles` among `acceptedRoles`. */
export interface ServiceUserGrant { tenant: string; applicationId: string; applicationName: string; roles: string[]; acceptedRoles: string[]; subscriptionVersion: number }


/**
 * Writes the service users of microservice subscriptions (`service_<app>`, kind `service`): a
 * random password, stored hashed (machine-secret-hash), and handed on only sealed, in
 * `ServiceUserCreated`, written with the user in one operation. Both methods are idempotent.
 */
@Injectable()
export class ServiceUserWriter {
  private readonly box: SecretBox;

  constructor(
    private readonly store: IdentityStore,
    private readonly machineUsers: MachineUserStore,
    private readonly users: UserWriter,
    @Inject(TENANT_OPTIONS_CONFIG) config: TenantOptionsConfig,
  ) {
    this.box = secretBoxFromConfig(config);
  }

  /**
   * Creates the user, or renews password and roles of one made for an older subscription (ended,
   * or one whose tenant has accepted widened roles since); nothing
   * when it was made for this subscription or a newer one, or the name belongs to a user who is not a service user.
   */
  async grant(grant: ServiceUserGrant): Promise<'created' | 'renewed' | 'unchanged'> {
    const userName = serviceUserName(grant.applicationName);
    return this.machineUsers.write<ServiceUserRecord>({
      tenant: grant.tenant, userName, kind: 'service', roles: grant.roles, madeFor: { subscriptionVersion: grant.subscriptionVersion, acceptedRoles: grant.acceptedRoles },
      keep: (existing) => !existing.deleted && (existing.kind !== 'service' || (existing.subscriptionVersion ?? 0) >= grant.subscriptionVersion),
      seal: (password) => this.box.seal(password, serviceUserPasswordContext(grant.tenant, grant.applicationId)),
      messages: (version, sealedPassword, change) => this.messages(grant, userName, version, sealedPassword, change),
    });
  }

  /** Removes the service user unless a newer subscription made it again. */
  async revoke(tenant: string, applicationName: string, subscriptionVersion: number): Promise<boolean> {
    const user = await this.store.users.findOne({ _id: userId(tenant, serviceUserName(applicationName)) }) as ServiceUserRecord | null;
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
