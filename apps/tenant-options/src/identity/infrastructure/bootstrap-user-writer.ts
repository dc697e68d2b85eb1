import { Inject, Injectable } from '@nestjs/common';
import { SecretBox, secretBoxFromConfig } from '@berth/auth';
import { BootstrapUserCreated, bootstrapUserPasswordContext, UserChanged, UserChangedV1 } from '@berth/contracts';
import { OutboxMessage } from '@berth/runtime';
import { TENANT_OPTIONS_CONFIG } from '../../config/tenant-options.token';
import type { TenantOptionsConfig } from '../../config/tenant-options.env';
import { UserRecord, userId } from './identity-records';
import { IdentityStore } from './identity-store';
import { UserWriter } from './user-writer';
import { MachineUserStore } from './machine-user-store';

/** A bootstrap user remembers the application it was made for. */
type BootstrapUserRecord = UserRecord & { applicationId?: string };

export interface BootstrapApplication { tenant: string; applicationId: string; applicationName: string }

export const BOOTSTRAP_USER_PREFIX = 'servicebootstrap_';

/**
 * Writes the bootstrap users of MICROSERVICE applications (`servicebootstrap_<app>`, kind
 * `bootstrap`, no roles) in the owner tenant: a random password, stored hashed (machine-secret-hash),
 * handed on only sealed, in `BootstrapUserCreated`, written with the user in one operation.
 * Both methods are idempotent.
 */
@Injectable()
export class BootstrapUserWriter {
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
   * Creates the user, or takes over one left by an earlier application of the same name. Nothing
   * when it exists for this application (also when it was removed with it: a replayed creation
   * never revives the user of a deleted application), when the tenant is gone, or when the name
   * belongs to a user who is not a bootstrap user.
   */
  async grant(app: BootstrapApplication): Promise<'created' | 'renewed' | 'unchanged'> {
    const userName = `${BOOTSTRAP_USER_PREFIX}${app.applicationName}`;
    return this.machineUsers.write<BootstrapUserRecord>({
      tenant: app.tenant, userName, kind: 'bootstrap', roles: [], madeFor: { applicationId: app.applicationId },
      keep: (existing) => existing.applicationId === app.applicationId || (!existing.deleted && existing.kind !== 'bootstrap'),
      seal: (password) => this.box.seal(password, bootstrapUserPasswordContext(app.tenant, app.applicationId)),
      messages: (version, sealedPassword, change) => this.messages(app, userName, version, sealedPassword, change),
    });
  }

  /** Removes the application's bootstrap user; nothing when the name now belongs to another application or user. */
  async revoke(app: BootstrapApplication): Promise<boolean> {
    const user = await this.store.users.findOne({ _id: userId(app.tenant, `${BOOTSTRAP_USER_PREFIX}${app.applicationName}`) }) as BootstrapUserRecord | null;
    if (!user || user.deleted || user.kind !== 'bootstrap' || user.applicationId !== app.applicationId) return false;
    await this.users.remove(user);
    return true;
  }

  private messages(app: BootstrapApplication, userName: string, version: number, sealedPassword: string, change: UserChangedV1['change']): OutboxMessage[] {
    const fields = { tenantId: app.tenant, aggregateId: userId(app.tenant, userName), aggregateVersion: version };
    return [
      { contract: UserChanged, fields: { ...fields, payload: { tenant: app.tenant, userName, change } } },
      {
        contract: BootstrapUserCreated,
        fields: { ...fields, payload: { tenant: app.tenant, userName, applicationId: app.applicationId, applicationName: app.applicationName, sealedPassword } },
      },
    ] as OutboxMessage[];
  }
}
