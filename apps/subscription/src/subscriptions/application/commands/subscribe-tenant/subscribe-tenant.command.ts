import { Command } from '@nestjs/cqrs';
import type { Principal } from '@berth/auth';
import type { KnownApplication, SubscriptionDocument } from '../../../domain/subscription';

export interface SubscribeResult { subscription: SubscriptionDocument; application: KnownApplication }

/** Subscribes `tenant` to the application the body references (SPEC.md row 14, CLIENTS.md "Subscribe bodies"). */
export class SubscribeTenantCommand extends Command<SubscribeResult> {
  constructor(readonly tenant: string, readonly body: unknown, readonly caller: Principal) {
    super();
  }
}
