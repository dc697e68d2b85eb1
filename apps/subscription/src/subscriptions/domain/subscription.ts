import type { ApplicationDependencyV1 } from '@berth/contracts';

/**
 * One tenant's subscription to one application; `_id` is `<tenant>/<applicationId>`. An ended
 * subscription stays (subscribed: false) so `version`, the events' aggregateVersion, keeps growing
 * across subscribe, unsubscribe and subscribe again.
 */
export interface SubscriptionDocument {
  _id: string;
  tenant: string;
  applicationId: string;
  applicationName: string;
  applicationType: string;
  dependencies?: ApplicationDependencyV1[];
  /** A microservice's `requiredRoles` as the registry held them when the tenant subscribed or last accepted them. */
  requiredRoles?: string[];
  roles?: string[];
  /**
   * The roles the tenant accepted for its service user, which never gets more (docs/security.md,
   * "Service users and the roles a tenant accepted"); when absent, the tenant accepted `requiredRoles`.
   */
  acceptedRoles?: string[];
  isolation?: 'MULTI_TENANT' | 'PER_TENANT';
  manifestVersion?: string;
  subscribed: boolean;
  version: number;
  subscribedAt?: Date;
  /** The service user's password, sealed by tenant-options with the secrets key; never in clear. */
  servicePassword?: string;
}

/** An application as the registry announced it (projection of `registry.application.v1`). */
export interface KnownApplication {
  _id: string;
  name: string;
  key?: string;
  type: string;
  owner: string;
  availability?: 'PRIVATE' | 'MARKET';
  dependencies?: ApplicationDependencyV1[];
  requiredRoles?: string[];
  /** The manifest's `roles`: assignable in a subscribed tenant. */
  roles?: string[];
  isolation?: 'MULTI_TENANT' | 'PER_TENANT';
  manifestVersion?: string;
  deleted: boolean;
  version: number;
}

/** A tenant as tenant-options announced it (projection of `tenant.tenant.v1`). */
export interface KnownTenant {
  _id: string;
  /** The tenant that created it (absent: the management tenant). */
  parent?: string;
  deleted: boolean;
  version: number;
}

export const subscriptionId = (tenant: string, applicationId: string) => `${tenant}/${applicationId}`;

/** The service user a microservice gets in each subscribing tenant. */
export const serviceUserName = (applicationName: string) => `service_${applicationName}`;

/** The bootstrap user's name prefix: `servicebootstrap_<application name>`. */
export const BOOTSTRAP_PREFIX = 'servicebootstrap_';
