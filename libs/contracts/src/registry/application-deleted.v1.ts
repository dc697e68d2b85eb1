import { defineContract } from '../contract';
import { Topics } from '../catalogue';
import type { ApplicationTypeV1 } from './application-created.v1';

export interface ApplicationDeletedV1 {
  id: string;
  name: string;
  type: ApplicationTypeV1;
  ownerTenant: string;
  /** Deleted with `?force=true`: allowed even when a MARKET application had subscribers. */
  force: boolean;
  /** The tenants subscribed when it was deleted; the subscription app ends their subscriptions. */
  subscribedTenants: string[];
}

/** An application was deleted. Key: the application id. */
export const ApplicationDeleted = defineContract<ApplicationDeletedV1>(Topics.applicationEvents, 'ApplicationDeleted', 1);
