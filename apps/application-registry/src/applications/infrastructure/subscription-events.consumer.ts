import { Injectable } from '@nestjs/common';
import { Topics, TenantSubscribed, TenantSubscribedV1, TenantUnsubscribed } from '@berth/contracts';
import { Envelope, MessageContext, PermanentError } from '@berth/messaging';
import { MessageConsumer } from '@berth/runtime';
import { SubscriptionProjection } from './subscription.projection';

/** Keeps the registry's subscription projection (visibility, applicationsByTenant, delete rule) up to date. */
@Injectable()
export class SubscriptionEventsConsumer implements MessageConsumer {
  readonly topics = [Topics.subscriptionEvents];

  constructor(private readonly projection: SubscriptionProjection) {}

  async handle(envelope: Envelope, _context: MessageContext): Promise<void> {
    const subscribed = envelope.type === TenantSubscribed.type ? true : envelope.type === TenantUnsubscribed.type ? false : undefined;
    if (subscribed === undefined || envelope.version !== TenantSubscribed.version) return;
    const payload = envelope.payload as Partial<TenantSubscribedV1> | undefined;
    if (typeof payload?.tenant !== 'string' || typeof payload.applicationId !== 'string') {
      throw new PermanentError(`${envelope.type} without tenant and applicationId`);
    }
    await this.projection.apply({
      tenant: payload.tenant, applicationId: payload.applicationId, applicationName: String(payload.applicationName ?? ''),
      isolation: payload.isolation, manifestVersion: payload.manifestVersion, subscribed,
      version: Number(envelope.aggregateVersion) || 0,
    });
  }
}
