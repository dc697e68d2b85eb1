import { Injectable } from '@nestjs/common';
import { grantedRoles } from '@berth/contracts';
import { DomainError } from '@berth/http';
import { AssignableRoles } from './assignable-roles';
import { serviceUserName, userId } from './identity-records';
import { IdentityStore } from './identity-store';
import { MicroserviceRoles, sameRoles } from './microservice-roles';
import type { ServiceUserRecord } from './service-user-writer';
import { UserWriter } from './user-writer';

const ATTEMPTS = 5;

/**
 * Brings service users made earlier in line with their microservice's roles as they are now: the
 * service user `service_<app>` gets the `requiredRoles` its tenant accepted (grantedRoles: a
 * narrowing applies, a widening waits for the tenant; its `UserChanged` with change `roles` makes
 * the gateway drop its cached principal), and the tenant's assignable roles of the application
 * become the manifest's `roles`. Each write happens only when something differs, so it is idempotent.
 */
@Injectable()
export class ServiceUserRenewal {
  constructor(private readonly store: IdentityStore, private readonly users: UserWriter, private readonly assignable: AssignableRoles) {}

  /** Renews the microservice's service users in every tenant; answers how many there were. */
  async everywhere(applicationId: string, applicationName: string, wanted: MicroserviceRoles): Promise<number> {
    const found = await this.store.users.find({ userName: serviceUserName(applicationName), kind: 'service', deleted: { $exists: false } }).toArray();
    for (const user of found) await this.renew(user, applicationId, wanted);
    return found.length;
  }

  /** Renews the microservice's service user in one tenant, if it has one. */
  async inTenant(tenant: string, applicationId: string, applicationName: string, wanted: MicroserviceRoles): Promise<void> {
    const user = await this.serviceUser(userId(tenant, serviceUserName(applicationName)));
    if (user) await this.renew(user, applicationId, wanted);
  }

  private async renew(user: ServiceUserRecord, applicationId: string, wanted: MicroserviceRoles): Promise<void> {
    if (wanted.requiredRoles) await this.setRoles(user, wanted.requiredRoles);
    if (wanted.roles) await this.assignable.renew(user.tenant, applicationId, wanted.roles);
  }

  /**
   * Sets the user's direct roles to the `current` ones it accepted, reading it again when another
   * change (its tenant accepting new roles, say) came first. A user without recorded accepted roles
   * keeps the roles it holds as accepted.
   */
  private async setRoles(user: ServiceUserRecord | undefined, current: string[]): Promise<void> {
    for (let attempt = 1; user; attempt++) {
      const acceptedRoles = user.acceptedRoles ?? user.roles;
      const roles = grantedRoles(current, acceptedRoles);
      if (sameRoles(user.roles, roles)) return;
      try {
        await this.users.update(user, { $set: { roles, acceptedRoles } }, 'roles');
        return;
      } catch (err) {
        if (!(err instanceof DomainError) || err.kind !== 'Update Conflict' || attempt >= ATTEMPTS) throw err;
      }
      user = await this.serviceUser(user._id);
    }
  }

  private async serviceUser(id: string): Promise<ServiceUserRecord | undefined> {
    const user = await this.store.users.findOne({ _id: id }) as ServiceUserRecord | null;
    return user && !user.deleted && user.kind === 'service' ? user : undefined;
  }
}
