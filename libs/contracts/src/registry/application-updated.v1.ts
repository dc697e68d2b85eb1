import { defineContract } from '../contract';
import { Topics } from '../catalogue';
import type { ApplicationDependencyV1, ApplicationTypeV1 } from './application-created.v1';

export interface ApplicationUpdatedV1 {
  id: string;
  name: string;
  type: ApplicationTypeV1;
  ownerTenant: string;
  key?: string;
  availability?: 'PRIVATE' | 'MARKET';
  contextPath?: string;
  dependencies?: ApplicationDependencyV1[];
  /** Roles a subscriber's service user gets (a microservice's `requiredRoles`, top level or from its manifest). */
  requiredRoles?: string[];
  /** A microservice's isolation and manifest version, when known. */
  isolation?: 'MULTI_TENANT' | 'PER_TENANT';
  manifestVersion?: string;
  /** The top-level fields the update changed. */
  changed: string[];
}

/** An application's fields changed (a PUT). Key: the application id. */
export const ApplicationUpdated = defineContract<ApplicationUpdatedV1>(Topics.applicationEvents, 'ApplicationUpdated', 1);
