import { defineContract } from '../contract';
import { Topics } from '../catalogue';

export interface ServiceUserCreatedV1 {
  tenant: string;
  /** `service_<applicationName>`. */
  userName: string;
  applicationId: string;
  applicationName: string;
  /** The `aggregateVersion` of the TenantSubscribed this user was made for. */
  subscriptionVersion: number;
  /**
   * The generated password sealed with the platform's secrets key (SecretBox of libs/auth), with
   * context `serviceUserPasswordContext(tenant, applicationId)`. Never a clear password.
   */
  sealedPassword: string;
}

/** The context a service user's password is sealed with: it opens only for that subscription. */
export const serviceUserPasswordContext = (tenant: string, applicationId: string) => `subscription:${tenant}/${applicationId}`;

/**
 * Tenant-options made (or renewed) the service user of a microservice subscription. Key:
 * `<tenant>/<userName>`, like UserChanged, so it stays in order with that user's other events.
 */
export const ServiceUserCreated = defineContract<ServiceUserCreatedV1>(Topics.userEvents, 'ServiceUserCreated', 1);
