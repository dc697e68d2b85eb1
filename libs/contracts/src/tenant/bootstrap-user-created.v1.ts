import { defineContract } from '../contract';
import { Topics } from '../catalogue';

export interface BootstrapUserCreatedV1 {
  /** The application's owner tenant, where the user lives. */
  tenant: string;
  /** `servicebootstrap_<applicationName>`. */
  userName: string;
  applicationId: string;
  applicationName: string;
  /**
   * The generated password sealed with the platform's secrets key (SecretBox of libs/auth), with
   * context `bootstrapUserPasswordContext(tenant, applicationId)`. Never a clear password.
   */
  sealedPassword: string;
}

/** The context a bootstrap user's password is sealed with: it opens only for that application. */
export const bootstrapUserPasswordContext = (tenant: string, applicationId: string) => `bootstrap:${tenant}/${applicationId}`;

/**
 * Tenant-options made (or renewed) the bootstrap user of a MICROSERVICE application. Key:
 * `<tenant>/<userName>`, like UserChanged, so it stays in order with that user's other events;
 * `aggregateVersion` is the user's version.
 */
export const BootstrapUserCreated = defineContract<BootstrapUserCreatedV1>(Topics.userEvents, 'BootstrapUserCreated', 1);
