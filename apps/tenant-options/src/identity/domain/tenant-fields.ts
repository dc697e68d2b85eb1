import { DomainError, NOT_BLANK, textLength } from '@berth/http';
import { MAX_TEXT_LENGTH } from '../../text-rules';
import type { TenantRecord } from '../infrastructure/identity-records';

const notBlank = new RegExp(NOT_BLANK);

/** A tenant's domain: a DNS name (any case; stored in lower case). */
export const TENANT_DOMAIN = /^[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(\.[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** What a tenant may be: ACTIVE lets its users in, SUSPENDED keeps every one of them out. */
export const TENANT_STATUSES = ['ACTIVE', 'SUSPENDED'] as const;

/** 422 `tenants/Invalid Data`. */
export const invalidTenant = (message: string) => new DomainError('tenants', 'Invalid Data', message);

/** 409 `tenants/Duplicate`: another tenant holds the domain. */
export const domainTaken = (domain: string) => new DomainError('tenants', 'Duplicate', `Domain ${domain} is taken`);

/** A tenant's free text field: a string of 1 to MAX_TEXT_LENGTH characters, not only white space. @throws 422 otherwise. */
export function tenantText(value: unknown, name: string): string {
  if (typeof value !== 'string' || !notBlank.test(value) || textLength(value) > MAX_TEXT_LENGTH) {
    throw invalidTenant(`${name} is required as a non-empty string of at most ${MAX_TEXT_LENGTH} characters`);
  }
  return value;
}

/** A tenant's domain as stored: a DNS name in lower case. @throws 422 otherwise. */
export function tenantDomain(value: unknown): string {
  const given = tenantText(value, 'domain');
  if (!TENANT_DOMAIN.test(given)) throw invalidTenant('domain must be a DNS name, e.g. acme.example.com');
  return given.toLowerCase();
}

/** The first label of a domain, in lower case: Host-header tenant resolution looks it up. */
export const domainLabel = (domain: string) => domain.split('.')[0].toLowerCase();

/** A tenant's parent as answered: the tenant that created it; a tenant recorded without one is the management tenant's child, and the management tenant has none. */
export function shownParent(tenant: Pick<TenantRecord, '_id' | 'parent'>, managementTenant: string): string | undefined {
  return tenant._id === managementTenant ? undefined : tenant.parent ?? managementTenant;
}
