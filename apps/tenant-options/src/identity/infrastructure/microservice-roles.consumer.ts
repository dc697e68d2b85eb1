import { Injectable } from '@nestjs/common';
import {
  activatedRoles, ApplicationCreated, ApplicationDeleted, ApplicationUpdated, ApplicationUpdatedV1, ApplicationVersionActivated,
  ApplicationVersionActivatedV1, stringList, Topics,
} from '@berth/contracts';
import { Envelope, PermanentError } from '@berth/messaging';
import { MessageConsumer } from '@berth/runtime';
import { MicroserviceRolesProjection, MicroserviceRolesRow } from './microservice-roles';
import { ServiceUserRenewal } from './service-user-renewal';

/**
 * Follows microservices' roles on `registry.application.v1`: `requiredRoles` from their creation
 * and updates, and with an activated version also the `roles` its manifest defines. When an update
 * changes `requiredRoles`, or a version is activated, the service users already made in
 * subscribed tenants are renewed to match, within the roles each tenant accepted. Idempotent; a stale event changes nothing.
 */
@Injectable()
export class MicroserviceRolesConsumer implements MessageConsumer {
  readonly topics = [Topics.applicationEvents];

  constructor(private readonly projection: MicroserviceRolesProjection, private readonly renewal: ServiceUserRenewal) {}

  async handle(envelope: Envelope): Promise<void> {
    if (envelope.version !== ApplicationCreated.version) return;
    const p = (envelope.payload ?? {}) as Partial<ApplicationUpdatedV1 & ApplicationVersionActivatedV1>;
    if (p.type !== 'MICROSERVICE') return;
    const change = this.change(envelope.type, p);
    if (!change) return;
    if (typeof p.id !== 'string' || typeof p.name !== 'string') throw new PermanentError(`${envelope.type} without id and name`);
    const applied = await this.projection.apply(p.id, Number(envelope.aggregateVersion) || 0, { ...change.fields, name: p.name });
    const now = applied && change.renew ? await this.projection.of(p.id) : undefined;
    if (now) await this.renewal.everywhere(p.id, p.name, now);
  }

  /** What the event says of the roles, and whether service users already made must follow. */
  private change(type: string, p: Partial<ApplicationUpdatedV1 & ApplicationVersionActivatedV1>): { fields: Partial<MicroserviceRolesRow>; renew: boolean } | undefined {
    const listed = stringList(p.requiredRoles);
    const requiredRoles = listed ? { requiredRoles: listed } : {};
    switch (type) {
      case ApplicationCreated.type: return { fields: requiredRoles, renew: false };
      case ApplicationUpdated.type: return { fields: requiredRoles, renew: Array.isArray(p.changed) && p.changed.includes('requiredRoles') };
      case ApplicationVersionActivated.type: return { fields: activatedRoles(p as ApplicationVersionActivatedV1), renew: true };
      case ApplicationDeleted.type: return { fields: { deleted: true }, renew: false };
      default: return undefined;
    }
  }
}
