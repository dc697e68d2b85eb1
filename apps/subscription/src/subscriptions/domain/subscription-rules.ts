import { Principal, RoleSets } from '@berth/auth';
import { isOfferedTo, type ApplicationDependencyV1 } from '@berth/contracts';
import { decodedSegment, DomainError, NOT_BLANK } from '@berth/http';
import type { KnownApplication, KnownTenant } from './subscription';

const hasAny = (caller: Principal, roles: readonly string[]) => roles.some((r) => caller.roles.includes(r));

/**
 * Who may change a tenant's subscriptions: the tenant's own users holding an application admin
 * role, and the management tenant's users holding ROLE_TENANT_MANAGEMENT_ADMIN (for any tenant) or
 * an application admin role (for itself). @throws 403 `security/Forbidden` for anyone else.
 */
export function checkManager(caller: Principal, tenant: string, managementTenant: string): void {
  const own = caller.tenant === tenant && hasAny(caller, RoleSets.applicationAdmin);
  const management = caller.tenant === managementTenant && hasAny(caller, RoleSets.tenantAdmin);
  if (!own && !management) throw new DomainError('security', 'Forbidden', `Access is denied: you may not manage the subscriptions of tenant ${tenant}`);
}

/** Who may list a tenant's subscriptions: the one rule of libs/auth. @throws 403 otherwise. */
export { checkSubscriptionsReader as checkReader } from '@berth/auth';

/**
 * JSON Schema patterns (searched) of a subscribe body's references: an `id` that is not blank, and
 * a `self` URL whose path ends in `/applications/<id>`.
 */
export const REFERENCE_PATTERNS = { id: NOT_BLANK, self: '/applications/([^/?#]+)/*(?:[?#][\\s\\S]*)?$' } as const;
const ID = new RegExp(REFERENCE_PATTERNS.id);
const SELF = new RegExp(REFERENCE_PATTERNS.self);

/**
 * The application id of a subscribe body (docs/api/subscriptions.md): `{application:{id}}`, `{application:{self}}`
 * (the id is the URL's last path segment, after `/applications/`) or both (a usable id wins).
 * @throws 422 otherwise.
 */
export function referencedApplicationId(body: unknown): string {
  const application = (body as { application?: unknown } | null)?.application;
  if (!application || typeof application !== 'object' || Array.isArray(application)) {
    throw new DomainError('applications', 'Unprocessable Entity', 'The body must be {"application":{"id":…}} or {"application":{"self":…}}');
  }
  const { id, self } = application as { id?: unknown; self?: unknown };
  // Either field, when sent, must have its documented type, even where the other one would do.
  if (self !== undefined && typeof self !== 'string') throw new DomainError('applications', 'Unprocessable Entity', 'application.self must be a string (the application\'s URL)');
  if (id !== undefined && typeof id !== 'string' && typeof id !== 'number') throw new DomainError('applications', 'Unprocessable Entity', 'application.id must be a string or a number');
  if ((typeof id === 'string' && ID.test(id)) || (typeof id === 'number' && Number.isFinite(id))) return String(id).trim();
  const segment = typeof self === 'string' ? SELF.exec(self)?.[1] : undefined;
  if (segment) return decodedSegment(segment);
  throw new DomainError('applications', 'Unprocessable Entity', 'application.id or application.self (ending in /applications/<id>) is required');
}

/**
 * A tenant may subscribe only to an application it sees (isOfferedTo: its own, and the MARKET ones
 * offered to it); any other is, to it, not there. @throws 404 `applications/Not Found`, as the
 * registry answers a GET of it, for an absent application and one the tenant does not see alike.
 */
export function checkVisible(app: KnownApplication | undefined, id: string, tenant: KnownTenant, managementTenant: string): asserts app is KnownApplication {
  if (!app || !isOfferedTo(app, { id: tenant._id, parent: tenant.parent }, managementTenant)) {
    throw new DomainError('applications', 'Not Found', `Application with id ${id} not found`);
  }
}

const satisfied = (dependency: ApplicationDependencyV1, subscribed: ReadonlySet<string>) => dependency.anyOf.some((name) => subscribed.has(name));
const oneOf = (names: string[]) => (names.length === 1 ? names[0] : `one of ${names.join(', ')}`);

/**
 * @throws 409 `applications/Update Conflict` naming the first dependency of `app` that none of
 * `subscribedNames` satisfies: the request is well-formed, the tenant's subscriptions refuse it.
 */
export function checkDependencies(app: { name: string; dependencies?: ApplicationDependencyV1[] }, subscribedNames: Iterable<string>): void {
  const subscribed = new Set(subscribedNames);
  const missing = (app.dependencies ?? []).find((d) => !satisfied(d, subscribed));
  if (missing) {
    throw new DomainError('applications', 'Update Conflict', `${app.name} needs a subscription to ${oneOf(missing.anyOf)} first`);
  }
}

/**
 * Ending the subscription to `name` must leave every other subscription's dependencies satisfied.
 * @throws 409 `applications/Update Conflict` naming the subscription that depends on it.
 */
export function checkUnsubscribable(name: string, others: Array<{ applicationName: string; dependencies?: ApplicationDependencyV1[] }>): void {
  const remaining = new Set(others.map((s) => s.applicationName).filter((n) => n !== name));
  for (const other of others) {
    if (other.applicationName === name) continue;
    const broken = (other.dependencies ?? []).find((d) => d.anyOf.includes(name) && !satisfied(d, remaining));
    if (broken) {
      throw new DomainError('applications', 'Update Conflict', `${other.applicationName} needs a subscription to ${oneOf(broken.anyOf)}; unsubscribe ${other.applicationName} first`);
    }
  }
}
