import { Command } from '@nestjs/cqrs';

/** Which subscriptions a cascade ends: all of a deleted tenant, or all of a deleted application. */
export type EndSubscriptionsScope = { tenant: string } | { applicationId: string; tenants: string[] };

/** Ends every subscription in scope (no dependency checks), each with its `TenantUnsubscribed`; returns how many ended. */
export class EndSubscriptionsCommand extends Command<number> {
  constructor(readonly scope: EndSubscriptionsScope) {
    super();
  }
}
