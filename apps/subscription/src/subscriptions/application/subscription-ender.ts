import { Injectable } from '@nestjs/common';
import type { SubscriptionDocument } from '../domain/subscription';
import { SubscriptionRepository } from '../infrastructure/subscription.repository';
import { SubscriptionEvents } from './subscription-events';

/** Ends one subscription with its `TenantUnsubscribed`, as the request's processing mode says. */
@Injectable()
export class SubscriptionEnder {
  constructor(private readonly repository: SubscriptionRepository, private readonly events: SubscriptionEvents) {}

  /** False when the subscription changed since `current` was read (nothing was written). */
  async end(current: SubscriptionDocument): Promise<boolean> {
    const messages = [this.events.unsubscribed({ ...current, subscribed: false, version: current.version + 1 })];
    if (!this.events.stores()) {
      await this.events.publishNow(messages);
      return true;
    }
    return this.repository.unsubscribe(current, messages);
  }
}
