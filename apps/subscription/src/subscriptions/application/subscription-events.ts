import { Inject, Injectable } from '@nestjs/common';
import {
  acceptedRolesOf, effectiveProcessingMode, isStored, ProcessingMode, TenantSubscribed, TenantSubscribedV1, TenantUnsubscribed,
} from '@berth/contracts';
import { currentWork, Publisher } from '@berth/messaging';
import { Outbox, OutboxMessage, PUBLISHER } from '@berth/runtime';
import type { SubscriptionDocument } from '../domain/subscription';

function payload(doc: SubscriptionDocument): TenantSubscribedV1 {
  return {
    tenant: doc.tenant, applicationId: doc.applicationId, applicationName: doc.applicationName, applicationType: doc.applicationType,
    ...(doc.isolation ? { isolation: doc.isolation } : {}),
    ...(doc.manifestVersion ? { manifestVersion: doc.manifestVersion } : {}),
  };
}

/**
 * `TenantSubscribed`/`TenantUnsubscribed` on `subscription.subscription.v1` (key
 * `<tenant>/<applicationId>`, aggregateVersion = the subscription's version) and the processing
 * mode (docs/api/conventions.md): TRANSIENT checks, answers and publishes without storing; QUIESCENT
 * and CEP act as PERSISTENT for subscriptions.
 */
@Injectable()
export class SubscriptionEvents {
  constructor(private readonly outbox: Outbox, @Inject(PUBLISHER) private readonly publisher: Publisher) {}

  mode(): ProcessingMode {
    return effectiveProcessingMode(currentWork()?.processingMode ?? 'PERSISTENT', false);
  }

  stores(): boolean {
    return isStored(this.mode());
  }

  subscribed(doc: SubscriptionDocument): OutboxMessage {
    return this.message(TenantSubscribed, doc, { ...payload(doc), requiredRoles: doc.requiredRoles ?? [], roles: doc.roles ?? [], acceptedRoles: acceptedRolesOf(doc) });
  }

  unsubscribed(doc: SubscriptionDocument): OutboxMessage {
    return this.message(TenantUnsubscribed, doc, payload(doc));
  }

  /** Publishes the messages of a write that is not stored (TRANSIENT). */
  async publishNow(messages: OutboxMessage[]): Promise<void> {
    for (const message of messages) await this.publisher.publish(message.contract.topic, this.outbox.envelope(message));
  }

  private message<T>(contract: OutboxMessage<T>['contract'], doc: SubscriptionDocument, body: T): OutboxMessage {
    return {
      contract,
      fields: { tenantId: doc.tenant, aggregateId: doc._id, aggregateVersion: doc.version, processingMode: this.mode(), payload: body },
    } as OutboxMessage;
  }
}
