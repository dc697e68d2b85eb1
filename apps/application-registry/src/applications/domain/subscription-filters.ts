import { checkSubscriptionsReader, type Principal } from '@berth/auth';
import type { ApplicationCriteria } from '../application/queries/list-applications/list-applications.query';

/**
 * The listing filters that reveal what a tenant is subscribed to: `subscriber` (and
 * applicationsByTenant), `providedFor`, and `tenant` (owned or subscribed). `owner` is not one:
 * it narrows what the caller sees anyway, and each application names its owner.
 */
const SUBSCRIPTION_FILTERS = ['subscriber', 'providedFor', 'tenant'] as const;

/**
 * A listing may name another tenant in a subscription filter only when the caller may read that
 * tenant's subscriptions (checkSubscriptionsReader: the tenant itself, or the management tenant).
 * See docs/security.md, "Who reads a tenant's subscriptions". @throws 403 `security/Forbidden` otherwise.
 */
export function checkSubscriptionFilters(criteria: ApplicationCriteria, caller: Principal, managementTenant: string): void {
  for (const filter of SUBSCRIPTION_FILTERS) {
    const tenant = criteria[filter];
    if (tenant !== undefined) checkSubscriptionsReader(caller, tenant, managementTenant);
  }
}
