import { isDeepStrictEqual } from 'node:util';
import { forbidden, type Principal } from '@berth/auth';
import { DomainError } from '@berth/http';
import type { ApplicationDocument } from './application';

/** The bootstrap user's name prefix: `servicebootstrap_<application name>`. */
export const BOOTSTRAP_PREFIX = 'servicebootstrap_';

/** The field of an application document holding its bootstrap user; never answered, never copied, never set by a client. */
export const BOOTSTRAP_FIELD = 'bootstrapUser';

/** A MICROSERVICE's bootstrap user as tenant-options announced it: the password stays sealed at rest. */
export interface StoredBootstrapUser {
  tenant: string;
  userName: string;
  sealedPassword: string;
  /** The user's version when the password was made; an older announcement never replaces a newer one. */
  userVersion: number;
}

export function storedBootstrapUser(app: ApplicationDocument): StoredBootstrapUser | undefined {
  return app[BOOTSTRAP_FIELD] as StoredBootstrapUser | undefined;
}

/** The application name a bootstrap user's name stands for, or undefined when it is not a bootstrap user's name. */
export function applicationNameOf(userName: string): string | undefined {
  return userName.startsWith(BOOTSTRAP_PREFIX) && userName.length > BOOTSTRAP_PREFIX.length ? userName.slice(BOOTSTRAP_PREFIX.length) : undefined;
}

/**
 * A MICROSERVICE's name cannot change: its bootstrap user, its subscribers' service users and its
 * `/service/<name>` path hang on it. @throws DomainError 409 `applications/Update Conflict` (a
 * well-formed rename the stored application's type refuses).
 */
export function checkNameKept(current: ApplicationDocument, next: Partial<ApplicationDocument>): void {
  if (current.type === 'MICROSERVICE' && next.name !== undefined && next.name !== current.name) {
    throw new DomainError('applications', 'Update Conflict', `The name of microservice ${current.name} cannot be changed: its bootstrap and service users are named after it`);
  }
}

/** What a microservice's bootstrap user may not change of its own application: who may use it, and what it may do. */
export const OWNER_ONLY_FIELDS = ['availability', 'requiredRoles', 'roles'] as const;

/**
 * A bootstrap user changes neither its application's `availability` nor its `requiredRoles` or
 * `roles` (unset role lists count as empty, as the representation shows them); the tenant's admins
 * do. @throws 403 `security/Forbidden` naming the field.
 */
export function checkBootstrapChange(caller: Principal, current: Partial<ApplicationDocument>, next: Partial<ApplicationDocument>): void {
  if (caller.kind !== 'bootstrap') return;
  for (const field of OWNER_ONLY_FIELDS) {
    const before = field === 'availability' ? current[field] : current[field] ?? [];
    const after = field === 'availability' ? next[field] : next[field] ?? [];
    if (!isDeepStrictEqual(before, after)) throw forbidden(`A microservice's bootstrap user may not change ${field}: the tenant's administrators do`);
  }
}
