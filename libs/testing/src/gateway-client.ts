import { randomUUID } from 'node:crypto';
import { recordSecret } from './secret-scan';
import { basic, testStack } from './stack-env';

/** The vendor media type prefix under the default brand. */
export const BRAND = 'application/vnd.com.nsn.cumulocity';

/**
 * A request through the gateway; `as` is `tenant/user:password` style credentials, or a full Authorization header.
 * `gateway` is the base URL of another gateway replica of the stack (the stack's own by default).
 */
export async function gw(path: string, init: { method?: string; as?: [string, string]; headers?: Record<string, string>; body?: unknown; gateway?: string } = {}) {
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  if (init.as) headers.authorization = basic(...init.as);
  if (headers.authorization?.startsWith('Bearer ')) recordSecret(headers.authorization.slice(7));
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${init.gateway ?? testStack.gatewayUrl}${path}`, {
    method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  const body = text ? JSON.parse(text) : undefined;
  const leaked = storageFields(body);
  if (leaked.length) throw new Error(`${init.method ?? 'GET'} ${path} answered storage fields: ${leaked.join(', ')}`);
  return { status: res.status, headers: res.headers, body };
}

/**
 * The paths of `_`-prefixed properties in a representation: storage fields (`_id`, `_outbox`, …) that no
 * answer may carry. Every answer read through `gw` is checked.
 */
export function storageFields(value: unknown, at = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => storageFields(item, `${at}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => (key.startsWith('_') ? [`${at}.${key}`] : storageFields(inner, `${at}.${key}`)));
}

/** The management tenant's admin. */
export const admin = (): [string, string] => ['management/admin', testStack.adminPassword];

/** A new tenant made through the API, with its admin's credentials. */
export async function newTenant(): Promise<{ id: string; domain: string; admin: [string, string] }> {
  const domain = `e2e-${randomUUID().slice(0, 8)}.example.com`;
  const adminPass = `Pw-${randomUUID()}`;
  const res = await gw('/tenant/tenants', { method: 'POST', as: admin(), body: { company: 'E2E', domain, adminName: 'boss', adminPass, adminEmail: 'boss@example.com' } });
  if (res.status !== 201) throw new Error(`tenant not created: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.id, domain, admin: [`${res.body.id}/boss`, adminPass] };
}

/** A tenant's id and its admin's credentials, as newTenant answers. */
export interface TenantHandle { id: string; admin: [string, string] }

/** The management tenant, with its admin. */
export const managementTenant = (): TenantHandle => ({ id: 'management', admin: admin() });

/** A new user of `tenant` holding exactly `roles`, made through the API by the tenant's admin; its credentials. */
export async function newUser(tenant: TenantHandle, roles: readonly string[]): Promise<[string, string]> {
  const userName = `u${randomUUID().slice(0, 8)}`;
  const password = `Pw-${randomUUID()}`;
  const made = await gw(`/user/${tenant.id}/users`, { method: 'POST', as: tenant.admin, body: { userName, password } });
  if (made.status !== 201) throw new Error(`user not created: ${made.status} ${JSON.stringify(made.body)}`);
  for (const id of roles) {
    const res = await gw(`/user/${tenant.id}/users/${userName}/roles`, { method: 'POST', as: tenant.admin, body: { role: { id } } });
    if (res.status !== 201) throw new Error(`role ${id} not assigned: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return [`${tenant.id}/${userName}`, password];
}
