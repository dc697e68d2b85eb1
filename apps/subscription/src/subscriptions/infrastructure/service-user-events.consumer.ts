import { Injectable } from '@nestjs/common';
import { SecretBox } from '@berth/auth';
import { ServiceUserCreated, ServiceUserCreatedV1, Topics } from '@berth/contracts';
import { Envelope, PermanentError } from '@berth/messaging';
import { MessageConsumer } from '@berth/runtime';
import { SubscriptionRepository } from './subscription.repository';

/**
 * Stores the sealed password of a service user tenant-options made for a subscription, as it came
 * (it is opened only to answer the bootstrap user). A password for an ended or renewed
 * subscription is dropped. Idempotent.
 */
@Injectable()
export class ServiceUserEventsConsumer implements MessageConsumer {
  readonly topics = [Topics.userEvents];

  constructor(private readonly subscriptions: SubscriptionRepository) {}

  async handle(envelope: Envelope): Promise<void> {
    if (envelope.type !== ServiceUserCreated.type || envelope.version !== ServiceUserCreated.version) return;
    const p = (envelope.payload ?? {}) as Partial<ServiceUserCreatedV1>;
    if (typeof p.tenant !== 'string' || typeof p.applicationId !== 'string' || typeof p.subscriptionVersion !== 'number' || !SecretBox.isSealed(p.sealedPassword)) {
      throw new PermanentError('ServiceUserCreated without tenant, applicationId, subscriptionVersion and a sealed password');
    }
    await this.subscriptions.setServicePassword(p.tenant, p.applicationId, p.subscriptionVersion, p.sealedPassword);
  }
}
