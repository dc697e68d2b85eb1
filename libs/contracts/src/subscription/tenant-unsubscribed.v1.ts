import { defineContract } from '../contract';
import { Topics } from '../catalogue';

export interface TenantUnsubscribedV1 {
  tenant: string;
  applicationId: string;
  applicationName: string;
  isolation?: 'MULTI_TENANT' | 'PER_TENANT';
  manifestVersion?: string;
  applicationType?: string;
}

/** A tenant's subscription to an application ended. Key and `aggregateVersion` as for TenantSubscribed. */
export const TenantUnsubscribed = defineContract<TenantUnsubscribedV1>(Topics.subscriptionEvents, 'TenantUnsubscribed', 1);
