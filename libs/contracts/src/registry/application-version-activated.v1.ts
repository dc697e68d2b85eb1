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

/** The strings of a list in an event's payload (roles and the like); undefined when it is not a list. */
export const stringList = (value: unknown): string[] | undefined => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined);

/**
 * A microservice version's roles: `requiredRoles` for its subscribers' service users (the event's
 * own field, else the manifest's) and the `roles` its manifest defines; empty when it names none.
 */
export function activatedRoles(p: ApplicationVersionActivatedV1): { requiredRoles: string[]; roles: string[] } {
  const manifest = p.manifest ?? {};
  return { requiredRoles: stringList(p.requiredRoles) ?? stringList(manifest.requiredRoles) ?? [], roles: stringList(manifest.roles) ?? [] };
}
