import { stringList } from '../registry/application-version-activated.v1';
import type { TenantSubscribedV1 } from './tenant-subscribed.v1';

/**
 * The roles a subscribing tenant accepted for its service user, as a `TenantSubscribed` carries
 * them: `acceptedRoles`, else (an event without that field) the `requiredRoles` it was made with.
 */
export function acceptedRolesOf(p: Partial<TenantSubscribedV1>): string[] {
  return stringList(p.acceptedRoles) ?? stringList(p.requiredRoles) ?? [];
}

/**
 * The roles a service user holds: the microservice's current `requiredRoles` that its tenant
 * accepted. A narrowing applies at once; a widening waits until the tenant accepts it
 * (docs/security.md, "Service users and the roles a tenant accepted").
 */
export function grantedRoles(current: readonly string[], accepted: readonly string[]): string[] {
  const ok = new Set(accepted);
  return [...new Set(current)].filter((r) => ok.has(r));
}

/** The microservice's current `requiredRoles` its tenant has not accepted yet: what subscribing again would grant. */
export function pendingRoles(current: readonly string[], accepted: readonly string[]): string[] {
  const ok = new Set(accepted);
  return [...new Set(current)].filter((r) => !ok.has(r));
}
