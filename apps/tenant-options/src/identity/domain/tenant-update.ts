import { textLength } from '@berth/http';
import { MAX_TEXT_LENGTH } from '../../text-rules';
import type { TenantRecord } from '../infrastructure/identity-records';
import { domainLabel, invalidTenant, TENANT_STATUSES, tenantDomain, tenantText } from './tenant-fields';

/** A custom property's name: letters, digits, `-` and `_`, starting with a letter or digit. */
export const CUSTOM_PROPERTY_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
/** The most custom properties a tenant keeps. */
export const MAX_CUSTOM_PROPERTIES = 100;

/** The optional text fields of a tenant: a string sets one, `null` removes it. */
const OPTIONAL_TEXT = ['adminEmail', 'contactName', 'contactPhone'] as const;
type OptionalText = (typeof OPTIONAL_TEXT)[number];

export type CustomValue = string | number | boolean;
export type TenantChanges = Partial<Pick<TenantRecord, 'company' | 'domain' | 'domainLabel' | 'status' | OptionalText | 'customProperties'>>;

/**
 * What a tenant's PUT changes (a partial update: absent fields stay). Writable: `company`, `domain`,
 * `status`, `adminEmail`, `contactName`, `contactPhone`, `customProperties` (merged key by key,
 * `null` removes a key). The read-only fields in `answered` may come back as answered (a client
 * that reads, edits and sends the whole tenant); a different value is 422. `self` and the
 * application links are ignored; `adminPass` is refused: the admin's password is the user's.
 * @throws 422 `tenants/Invalid Data` naming the field.
 */
export function tenantChanges(record: TenantRecord, body: Record<string, unknown>, answered: Record<string, unknown>): { set: TenantChanges; unset: OptionalText[] } {
  for (const [field, value] of Object.entries(answered)) {
    if (body[field] !== undefined && body[field] !== value) throw invalidTenant(`${field} is read-only`);
  }
  if (body.adminPass !== undefined) throw invalidTenant(`adminPass cannot change here: the admin's password is the user's, at /user/${record._id}/users/${record.adminName ?? '{userName}'}`);
  const set: TenantChanges = {};
  const unset: OptionalText[] = [];
  if (body.company !== undefined) set.company = tenantText(body.company, 'company');
  if (body.domain !== undefined) {
    const domain = tenantDomain(body.domain);
    if (domain !== record.domain) Object.assign(set, { domain, domainLabel: domainLabel(domain) });
  }
  if (body.status !== undefined) {
    if (!TENANT_STATUSES.includes(body.status as TenantRecord['status'])) throw invalidTenant(`status must be one of ${TENANT_STATUSES.join(', ')}`);
    if (body.status !== record.status) set.status = body.status as TenantRecord['status'];
  }
  for (const field of OPTIONAL_TEXT) {
    if (body[field] === null) unset.push(field);
    else if (body[field] !== undefined) set[field] = tenantText(body[field], field);
  }
  if (body.customProperties !== undefined) set.customProperties = mergedProperties(record.customProperties ?? {}, body.customProperties);
  return { set, unset };
}

function mergedProperties(current: Record<string, CustomValue>, given: unknown): Record<string, CustomValue> {
  if (typeof given !== 'object' || given === null || Array.isArray(given)) throw invalidTenant('customProperties must be an object');
  const merged = { ...current };
  for (const [name, value] of Object.entries(given)) {
    if (!CUSTOM_PROPERTY_NAME.test(name)) throw invalidTenant(`customProperties: ${name.slice(0, 140)} is not a property name (letters, digits, - and _, starting with a letter or digit)`);
    if (value === null) delete merged[name];
    else if (typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && textLength(value) <= MAX_TEXT_LENGTH)) merged[name] = value;
    else throw invalidTenant(`customProperties.${name} must be a string of at most ${MAX_TEXT_LENGTH} characters, a number, a boolean, or null`);
  }
  if (Object.keys(merged).length > MAX_CUSTOM_PROPERTIES) throw invalidTenant(`customProperties holds at most ${MAX_CUSTOM_PROPERTIES} properties`);
  return merged;
}
