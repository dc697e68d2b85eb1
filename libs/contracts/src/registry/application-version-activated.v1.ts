import { defineContract } from '../contract';
import { Topics } from '../catalogue';
import type { ApplicationTypeV1 } from './application-created.v1';

export interface ApplicationVersionActivatedV1 {
  id: string;
  name: string;
  type: ApplicationTypeV1;
  ownerTenant: string;
  contextPath?: string;
  /** The version now active, and its binary in the registry's GridFS bucket `binaries` (ObjectId hex). */
  version: string;
  binaryId: string;
  /** The version's validated manifest (microservices: resources, isolation, probes, roles, …). */
  manifest?: Record<string, unknown>;
  /** `upload` when a new binary became active, `activate` for a rollback or roll-forward. */
  reason: 'upload' | 'activate';
  /** A microservice's roles for subscribers' service users, isolation and manifest version, as ApplicationUpdated would carry them now. */
  requiredRoles?: string[];
  isolation?: 'MULTI_TENANT' | 'PER_TENANT';
  manifestVersion?: string;
}

/**
 * A version of an application became the active one: the orchestrator (re)deploys it.
 * Key: the application id.
 */
export const ApplicationVersionActivated = defineContract<ApplicationVersionActivatedV1>(Topics.applicationEvents, 'ApplicationVersionActivated', 1);
