import { Query } from '@nestjs/cqrs';
import type { Principal } from '@berth/auth';
import type { PageQuery } from '@berth/paging';
import type { KnownApplication, SubscriptionDocument } from '../../../domain/subscription';

export interface SubscriptionPage {
  items: Array<{ subscription: SubscriptionDocument; application?: KnownApplication }>;
  total?: number;
}

/** A page of a tenant's current subscriptions, ordered by application id. */
export class ListSubscriptionsQuery extends Query<SubscriptionPage> {
  constructor(readonly tenant: string, readonly page: PageQuery, readonly caller: Principal) {
    super();
  }
}
