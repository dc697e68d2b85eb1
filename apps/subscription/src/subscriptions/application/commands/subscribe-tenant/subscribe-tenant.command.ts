import { Command } from '@nestjs/cqrs';
import type { Principal } from '@berth/auth';
import type { KnownApplication, SubscriptionDocument } from '../../../domain/subscription';

/** `created` is false when the tenant was subscribed already and accepted the microservice's widened roles. */
export interface SubscribeResult { subscription: SubscriptionDocument; application: KnownApplication; created: boolean }

/**
 * Subscribes `tenant` to the application the body references (docs/api/subscriptions.md); for a tenant subscribed already, accepts the microservice's widened roles.
 */
export class SubscribeTenantCommand extends Command<SubscribeResult> {
  constructor(readonly tenant: string, readonly body: unknown, readonly caller: Principal) {
    super();
  }
}
