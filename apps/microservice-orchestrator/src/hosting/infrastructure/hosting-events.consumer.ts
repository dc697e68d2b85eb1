import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApplicationCreated, ApplicationCreatedV1, ApplicationDeleted, ApplicationDeletedV1, ApplicationUpdated, ApplicationVersionActivated,
  ApplicationVersionActivatedV1, TenantSubscribed, TenantSubscribedV1, TenantUnsubscribed, Topics,
} from '@berth/contracts';
import { Envelope, PermanentError } from '@berth/messaging';
import { MessageConsumer } from '@berth/runtime';
import { UpdateDesiredStateCommand } from '../application/commands/update-desired-state/update-desired-state.command';

/** Turns microservices' registry and subscription events into desired state. Idempotent; other application types are ignored. */
@Injectable()
export class HostingEventsConsumer implements MessageConsumer {
  readonly topics = [Topics.applicationEvents, Topics.subscriptionEvents];

  constructor(private readonly commands: CommandBus) {}

  async handle(envelope: Envelope): Promise<void> {
    if (envelope.version !== 1) return;
    const version = Number(envelope.aggregateVersion) || 0;
    const change = this.changeOf(envelope, version);
    if (change) await this.commands.execute(new UpdateDesiredStateCommand(change));
  }

  private changeOf(envelope: Envelope, version: number): UpdateDesiredStateCommand['change'] | undefined {
    switch (envelope.type) {
      case ApplicationCreated.type:
      case ApplicationUpdated.type: {
        const p = envelope.payload as ApplicationCreatedV1;
        if (p?.type !== 'MICROSERVICE') return undefined;
        return { kind: 'application', id: p.id, version, fields: { name: p.name, ownerTenant: p.ownerTenant, ...(p.key ? { key: p.key } : {}) } };
      }
      case ApplicationVersionActivated.type: {
        const p = envelope.payload as ApplicationVersionActivatedV1;
        if (p?.type !== 'MICROSERVICE') return undefined;
        if (typeof p.binaryId !== 'string' || typeof p.version !== 'string') throw new PermanentError('ApplicationVersionActivated without version and binaryId');
        return { kind: 'activation', id: p.id, version, fields: { name: p.name, ownerTenant: p.ownerTenant, version: p.version, binaryId: p.binaryId, manifest: p.manifest } };
      }
      case ApplicationDeleted.type: {
        const p = envelope.payload as ApplicationDeletedV1;
        return p?.type === 'MICROSERVICE' ? { kind: 'deleted', id: p.id, name: p.name, ownerTenant: p.ownerTenant } : undefined;
      }
      case TenantSubscribed.type:
      case TenantUnsubscribed.type: {
        const p = envelope.payload as TenantSubscribedV1;
        if (typeof p?.tenant !== 'string' || typeof p.applicationId !== 'string') throw new PermanentError(`${envelope.type} without tenant and applicationId`);
        if (p.applicationType !== undefined && p.applicationType !== 'MICROSERVICE') return undefined;
        return { kind: 'subscription', tenant: p.tenant, applicationId: p.applicationId, subscribed: envelope.type === TenantSubscribed.type, version };
      }
      default:
        return undefined;
    }
  }
}
