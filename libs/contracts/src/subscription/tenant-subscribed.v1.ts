import { defineContract } from '../contract';
import { Topics } from '../catalogue';

export interface TenantSubscribedV1 {
  tenant: string;
  applicationId: string;
  applicationName: string;
  isolation?: 'MULTI_TENANT' | 'PER_TENANT';
  manifestVersion?: string;
  /** The application's type when known; a MICROSERVICE subscription gets a service user in the tenant. */
  applicationType?: string;
  /** The application's `requiredRoles` (the manifest's, or its own) when the tenant subscribed or last accepted them. */
  requiredRoles?: string[];
  /**
   * The roles the tenant accepted for the service user `service_<applicationName>`: it gets the
   * application's current `requiredRoles` that are among them, never more. When absent, the
   * event's `requiredRoles` are what the tenant accepted.
   */
  acceptedRoles?: string[];
  /** Roles the microservice defines (the manifest's `roles`); they become assignable in the tenant while it is subscribed. */
  roles?: string[];
}

/**
 * A tenant subscribed to an application. Key: `<tenant>/<applicationId>`; the envelope's
 * `aggregateVersion` grows with every change of that subscription (subscribe, unsubscribe,
 * subscribe again, accept widened roles), so consumers can drop a stale one.
 */
export const TenantSubscribed = defineContract<TenantSubscribedV1>(Topics.subscriptionEvents, 'TenantSubscribed', 1);
