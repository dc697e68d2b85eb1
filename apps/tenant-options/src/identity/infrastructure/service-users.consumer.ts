import { Injectable } from '@nestjs/common';
import { TenantSubscribed, TenantSubscribedV1, TenantUnsubscribed, Topics } from '@berth/contracts';
import { Envelope, PermanentError } from '@berth/messaging';
import { MessageConsumer } from '@berth/runtime';
import { AssignableRoles } from './assignable-roles';
import { ServiceUserWriter } from './service-user-writer';

/**
 * A tenant subscribing to a MICROSERVICE gets its service user `service_<app>` with the manifest's
 * `requiredRoles`, and the roles its manifest defines become assignable in the tenant; unsubscribing
 * removes both (issue 6 item 4). Idempotent, and an event older than
 * the one the user was made for changes nothing.
 */
@Injectable()
export class ServiceUsersConsumer implements MessageConsumer {
  readonly topics = [Topics.subscriptionEvents];

  constructor(private readonly serviceUsers: ServiceUserWriter, private readonly assignable: AssignableRoles) {}

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
      const roles = Array.isArray(p.requiredRoles) ? p.requiredRoles.filter((r): r is string => typeof r === 'string') : [];
      await this.serviceUsers.grant({ tenant: p.tenant, applicationId: p.applicationId, applicationName: p.applicationName, roles, subscriptionVersion });
      const defined = Array.isArray(p.roles) ? p.roles.filter((r): r is string => typeof r === 'string') : [];
      await this.assignable.grant(p.tenant, p.applicationId, defined, subscriptionVersion);
    } else {
      await this.serviceUsers.revoke(p.tenant, p.applicationName, subscriptionVersion);
      await this.assignable.revoke(p.tenant, p.applicationId, subscriptionVersion);
    }
  }
}
