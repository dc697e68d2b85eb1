import { Injectable } from '@nestjs/common';
import { DomainError } from '@berth/http';
import { AssignableRoles } from './assignable-roles';
import { serviceUserName, UserRecord, userId } from './identity-records';
import { IdentityStore } from './identity-store';
import { MicroserviceRoles, sameRoles } from './microservice-roles';
import { UserWriter } from './user-writer';

const ATTEMPTS = 5;

/**
 * Brings service users made earlier in line with their microservice's roles as they are now: the
 * service user `service_<app>` gets `requiredRoles` (its `UserChanged` with change `roles` makes
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

  private async renew(user: UserRecord, applicationId: string, wanted: MicroserviceRoles): Promise<void> {
    if (wanted.requiredRoles) await this.setRoles(user, wanted.requiredRoles);
    if (wanted.roles) await this.assignable.renew(user.tenant, applicationId, wanted.roles);
  }

  /** Sets the user's direct roles, reading it again when another change came first. */
  private async setRoles(user: UserRecord | undefined, roles: string[]): Promise<void> {
    for (let attempt = 1; user && !sameRoles(user.roles, roles); attempt++) {
      try {
        await this.users.update(user, { $set: { roles } }, 'roles');
        return;
      } catch (err) {
        if (!(err instanceof DomainError) || err.kind !== 'Update Conflict' || attempt >= ATTEMPTS) throw err;
      }
      user = await this.serviceUser(user._id);
    }
  }

  private async serviceUser(id: string): Promise<UserRecord | undefined> {
    const user = await this.store.users.findOne({ _id: id });
    return user && !user.deleted && user.kind === 'service' ? user : undefined;
  }
}
