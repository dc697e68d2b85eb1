import { Injectable } from '@nestjs/common';
import { acceptedRolesOf, grantedRoles, stringList, TenantSubscribed, TenantSubscribedV1, TenantUnsubscribed, Topics } from '@berth/contracts';
import { Envelope, PermanentError } from '@berth/messaging';
import { MessageConsumer } from '@berth/runtime';
import { AssignableRoles } from './assignable-roles';
import { MicroserviceRolesProjection, sameRoles } from './microservice-roles';
import { ServiceUserRenewal } from './service-user-renewal';
import { ServiceUserWriter } from './service-user-writer';

/**
 * A tenant subscribing to a MICROSERVICE gets its service user `service_<app>` with the manifest's
 * `requiredRoles` that the tenant accepted (the event's `acceptedRoles`), and the roles its manifest
 * defines become assignable in the tenant; unsubscribing removes both. The roles are the
 * microservice's as tenant-options last recorded them (MicroserviceRolesConsumer), so a narrowing
 * after the subscription applies, while a widening waits until the tenant accepts it
 * (docs/security.md, "Service users and the roles a tenant accepted"). A subscription event of a tenant accepting widened
 * roles renews the user with them. Idempotent, and an event older than the one the user was made for changes nothing.
 */
@Injectable()
export class ServiceUsersConsumer implements MessageConsumer {
  readonly topics = [Topics.subscriptionEvents];

  constructor(
    private readonly serviceUsers: ServiceUserWriter,
    private readonly assignable: AssignableRoles,
    private readonly microservices: MicroserviceRolesProjection,
    private readonly renewal: ServiceUserRenewal,
  ) {}

  async handle(envelope: Envelope): Promise<void> {
    const subscribed = envelope.type === TenantSubscribed.type ? true : envelope.type === TenantUnsubscribed.type ? false : undefined;
    if (subscribed === undefined || envelope.version !== TenantSubscribed.version) return;
    const p = (envelope.payload ?? {}) as Partial<TenantSubscribedV1>;
    if (p.applicationType !== 'MICROSERVICE') return;
    if (typeof p.tenant !== 'string' || typeof p.applicationId !== 'string' || typeof p.applicationName !== 'string') {
      throw new PermanentError(`${envelope.type} without tenant, applicationId and applicationName`);
    }
    const subscriptionVersion = Number(envelope.aggregateVersion) || 0;
    if (subscribed) {
      const used = await this.rolesOf(p);
      const acceptedRoles = acceptedRolesOf(p);
      await this.serviceUsers.grant({
        tenant: p.tenant, applicationId: p.applicationId, applicationName: p.applicationName,
        roles: grantedRoles(used.requiredRoles, acceptedRoles), acceptedRoles, subscriptionVersion,
      });
      await this.assignable.grant(p.tenant, p.applicationId, used.roles, subscriptionVersion);
      // A change of the roles recorded while this ran may have renewed every service user but this new one: look once more.
      const now = await this.rolesOf(p);
      if (!sameRoles(now.requiredRoles, used.requiredRoles) || !sameRoles(now.roles, used.roles)) {
        await this.renewal.inTenant(p.tenant, p.applicationId, p.applicationName, now);
      }
    } else {
      await this.serviceUsers.revoke(p.tenant, p.applicationName, subscriptionVersion);
      await this.assignable.revoke(p.tenant, p.applicationId, subscriptionVersion);
    }
  }

  /**
   * The roles to grant: those tenant-options last recorded for the microservice (its registry
   * events), else the event's own (written when the subscription was made, perhaps before a change).
   */
  private async rolesOf(p: Partial<TenantSubscribedV1>): Promise<{ requiredRoles: string[]; roles: string[] }> {
    const known = await this.microservices.of(p.applicationId!);
    return { requiredRoles: known?.requiredRoles ?? stringList(p.requiredRoles) ?? [], roles: known?.roles ?? stringList(p.roles) ?? [] };
  }
}
