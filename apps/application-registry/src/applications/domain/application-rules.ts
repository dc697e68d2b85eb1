import type { Filter } from 'mongodb';
import { isOfferedTo, marketOwnersFor, type TenantLineage } from '@berth/contracts';
import { DomainError, NOT_BLANK } from '@berth/http';
import { ApplicationDocument, AVAILABILITIES, CREATABLE_TYPES } from './application';

const invalid = (message: string) => new DomainError('applications', 'Unprocessable Entity', message);
/** Fields that, when present, are non-blank strings. */
export const STRING_FIELDS = ['name', 'key', 'contextPath', 'resourcesUrl', 'resourcesUsername', 'resourcesPassword', 'externalUrl', 'description'] as const;
const nonBlank = new RegExp(NOT_BLANK);

const conflict = (message: string) => new DomainError('applications', 'Update Conflict', message);
/** The fields an application of a type needs. */
export const TYPE_FIELDS: Readonly<Record<string, readonly string[]>> = { HOSTED: ['contextPath', 'resourcesUrl'], EXTERNAL: ['externalUrl'] };

/**
 * The rules every stored application keeps (docs/api/applications.md): `name`, `key` and `type`
 * present; HOSTED has `contextPath` and `resourcesUrl`; EXTERNAL has `externalUrl`;
 * availability PRIVATE or MARKET; string fields are non-empty strings.
 * @throws DomainError `applications/Unprocessable Entity` (422) naming the first broken rule; on an
 * update, `applications/Update Conflict` (409) for removing a field the stored type needs (the
 * request is well-formed, the stored application's state refuses it).
 */
export function checkApplication(app: Partial<ApplicationDocument>, creating: boolean): void {
  for (const field of ['name', 'key', 'type']) {
    if (app[field] === undefined) throw invalid(`${field} is required`);
  }
  for (const field of STRING_FIELDS) {
    const value = app[field];
    if (value !== undefined && (typeof value !== 'string' || !nonBlank.test(value))) throw invalid(`${field} must be a non-empty string`);
  }
  if (creating && !(CREATABLE_TYPES as readonly unknown[]).includes(app.type)) {
    throw invalid(`type must be one of ${CREATABLE_TYPES.join(', ')}`);
  }
  if (!(AVAILABILITIES as readonly unknown[]).includes(app.availability)) throw invalid(`availability must be one of ${AVAILABILITIES.join(', ')}`);
  const needed = TYPE_FIELDS[app.type as string] ?? [];
  for (const field of needed.filter((f) => app[f] === undefined)) {
    throw creating ? invalid(`${field} is required for a${app.type === 'EXTERNAL' ? 'n' : ''} ${app.type} application`)
      : conflict(`${field} cannot be removed from ${app.type} application ${app.name}: its type needs it`);
  }
  for (const field of ['requiredRoles', 'roles']) {
    const value = app[field];
    if (value !== undefined && (!Array.isArray(value) || value.some((r) => typeof r !== 'string'))) throw invalid(`${field} must be a list of role names`);
  }
}

/** A key the store takes inside a client's field (JSON Schema `pattern`): not empty, no `.`, no NUL, no leading `$`. */
export const STORABLE_KEY = '^[^$.\\u0000][^.\\u0000]*$';
const storableKey = new RegExp(STORABLE_KEY);

/**
 * The values a client sets must fit the store: keys of nested objects as STORABLE_KEY says, and no
 * list directly inside a list (FerretDB refuses nested arrays).
 * @throws DomainError `applications/Unprocessable Entity` (422) naming the field.
 */
export function checkStorable(fields: Record<string, unknown>): void {
  const walk = (value: unknown, path: string, inList: boolean): void => {
    if (Array.isArray(value)) {
      if (inList) throw invalid(`${path} holds a list inside a list, which cannot be stored`);
      value.forEach((item, i) => walk(item, `${path}[${i}]`, true));
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, inner] of Object.entries(value)) {
        if (!storableKey.test(key)) throw invalid(`${path} has the key ${JSON.stringify(key)}: keys must not be empty, contain '.' or start with '$'`);
        walk(inner, `${path}.${key}`, false);
      }
    }
  };
  for (const [name, value] of Object.entries(fields)) walk(value, name, false);
}

/** A tenant sees what isOfferedTo offers it (its own, the MARKET ones of its parent and of the management tenant) and what it is subscribed to. */
export function isVisibleTo(app: Pick<ApplicationDocument, 'owner' | 'availability'>, tenant: TenantLineage, managementTenant: string, subscribed: boolean): boolean {
  return isOfferedTo(app, tenant, managementTenant) || subscribed;
}

/** isVisibleTo as a store filter, for listings: `subscribedIds` are the applications the tenant is subscribed to. */
export function visibleFilter(tenant: TenantLineage, managementTenant: string, subscribedIds: string[]): Filter<ApplicationDocument> {
  return {
    $or: [
      { owner: tenant.id },
      { availability: 'MARKET', owner: { $in: marketOwnersFor(tenant, managementTenant) } },
      { _id: { $in: subscribedIds } },
    ],
  };
}

/** Only the owner may change or delete an application. */
export function mayChange(app: Pick<ApplicationDocument, 'owner'>, tenant: string): boolean {
  return app.owner === tenant;
}

/**
 * Whether it may be deleted (docs/api/applications.md): PRIVATE ones always; others only without
 * subscriptions, unless forced. @throws DomainError `applications/Update Conflict` (409) naming the subscribers.
 */
export function checkDeletable(app: Pick<ApplicationDocument, 'name' | 'availability'>, subscribers: string[], force: boolean): void {
  if (app.availability === 'PRIVATE' || subscribers.length === 0 || force) return;
  throw new DomainError('applications', 'Update Conflict',
    `Application ${app.name} is available as ${app.availability} and subscribed by tenants ${subscribers.join(', ')}; `
    + 'unsubscribe them first or delete with force=true');
}
