import { defineContract } from '../contract';
import { Topics } from '../catalogue';

/** The application types a client may create (docs/api/applications.md), plus FEATURE: a built-in subscription without a deployable artefact. */
export type ApplicationTypeV1 = 'EXTERNAL' | 'HOSTED' | 'MICROSERVICE' | 'APAMA_CEP_RULE' | 'FEATURE';

/** A dependency of an application: a subscription to any one of the named applications satisfies it. */
export interface ApplicationDependencyV1 { anyOf: string[] }

export interface ApplicationCreatedV1 {
  id: string;
  name: string;
  type: ApplicationTypeV1;
  ownerTenant: string;
  key?: string;
  availability?: 'PRIVATE' | 'MARKET';
  contextPath?: string;
  /** Applications a subscriber must also be subscribed to (the known applications' dependencies). */
  dependencies?: ApplicationDependencyV1[];
  /** Roles a subscriber's service user gets (a microservice's `requiredRoles`, top level or from its manifest). */
  requiredRoles?: string[];
  /** A microservice's isolation and manifest version, when known. */
  isolation?: 'MULTI_TENANT' | 'PER_TENANT';
  manifestVersion?: string;
}

/** An application was registered. Key: the application id. */
export const ApplicationCreated = defineContract<ApplicationCreatedV1>(Topics.applicationEvents, 'ApplicationCreated', 1);
