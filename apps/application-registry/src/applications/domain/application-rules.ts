import { DomainError } from '@berth/http';
import { ApplicationDocument, AVAILABILITIES, CREATABLE_TYPES } from './application';

const invalid = (message: string) => new DomainError('applications', 'Unprocessable Entity', message);
const STRINGS = ['name', 'key', 'contextPath', 'resourcesUrl', 'resourcesUsername', 'resourcesPassword', 'externalUrl', 'description'];

/**
 * The rules every stored application keeps (SPEC.md "Application"): `name`, `key` and `type`
 * present; HOSTED has `contextPath` and `resourcesUrl`; EXTERNAL has `externalUrl`;
 * availability PRIVATE or MARKET; string fields are non-empty strings.
 * @throws DomainError `applications/Unprocessable Entity` (422) naming the first broken rule.
 */
export function checkApplication(app: Partial<ApplicationDocument>, creating: boolean): void {
  for (const field of ['name', 'key', 'type']) {
    if (app[field] === undefined) throw invalid(`${field} is required`);
  }
  for (const field of STRINGS) {
    const value = app[field];
    if (value !== undefined && (typeof value !== 'string' || value.trim() === '')) throw invalid(`${field} must be a non-empty string`);
  }
  if (creating && !(CREATABLE_TYPES as readonly unknown[]).includes(app.type)) {
    throw invalid(`type must be one of ${CREATABLE_TYPES.join(', ')}`);
  }
  if (!(AVAILABILITIES as readonly unknown[]).includes(app.availability)) throw invalid(`availability must be one of ${AVAILABILITIES.join(', ')}`);
  if (app.type === 'HOSTED') {
    for (const field of ['contextPath', 'resourcesUrl']) if (app[field] === undefined) throw invalid(`${field} is required for a HOSTED application`);
  }
  if (app.type === 'EXTERNAL' && app.externalUrl === undefined) throw invalid('externalUrl is required for an EXTERNAL application');
  for (const field of ['requiredRoles', 'roles']) {
    const value = app[field];
    if (value !== undefined && (!Array.isArray(value) || value.some((r) => typeof r !== 'string'))) throw invalid(`${field} must be a list of role names`);
  }
}

/** A tenant sees its own applications, MARKET ones and those it is subscribed to. */
export function isVisibleTo(app: Pick<ApplicationDocument, 'owner' | 'availability'>, tenant: string, subscribed: boolean): boolean {
  return app.owner === tenant || app.availability === 'MARKET' || subscribed;
}

/** Only the owner may change or delete an application. */
export function mayChange(app: Pick<ApplicationDocument, 'owner'>, tenant: string): boolean {
  return app.owner === tenant;
}

/**
 * Whether it may be deleted (SPEC.md's state rule): PRIVATE ones always; others only without
 * subscriptions, unless forced. @throws DomainError `applications/Update Conflict` (409) naming the subscribers.
 */
export function checkDeletable(app: Pick<ApplicationDocument, 'name' | 'availability'>, subscribers: string[], force: boolean): void {
  if (app.availability === 'PRIVATE' || subscribers.length === 0 || force) return;
  throw new DomainError('applications', 'Update Conflict',
    `Application ${app.name} is available as ${app.availability} and subscribed by tenants ${subscribers.join(', ')}; `
    + 'unsubscribe them first or delete with force=true');
}
