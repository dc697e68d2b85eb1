import { defineContract } from '../contract';
import { Topics } from '../catalogue';

export interface TenantChangedV1 {
  tenant: string;
  change: 'created' | 'updated' | 'deleted';
  domain?: string;
  /** The tenant that created it; absent for the management tenant. Any other tenant without it is the management tenant's child. */
  parent?: string;
}

/**
 * A tenant was created, changed or deleted. On `deleted`, every app removes what it holds for the
 * tenant (users, options, subscriptions, applications it owns). Key: the tenant id.
 */
export const TenantChanged = defineContract<TenantChangedV1>(Topics.tenantEvents, 'TenantChanged', 1);
