import { randomUUID } from 'node:crypto';
import { basic, testStack } from '@berth/testing';

export const BRAND = 'application/vnd.com.nsn.cumulocity';

/** A request through the stack's gateway; `as` is `tenant/user` and password for Basic authentication. */
export async function gw(path: string, init: { method?: string; as?: [string, string]; headers?: Record<string, string>; body?: unknown } = {}) {
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  if (init.as) headers.authorization = basic(...init.as);
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${testStack.gatewayUrl}${path}`, {
    method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

/** The management tenant's admin. */
export const admin = (): [string, string] => ['management/admin', testStack.adminPassword];

/** A new tenant made through the API, with its admin's credentials. */
export async function newTenant(): Promise<{ id: string; admin: [string, string] }> {
  const adminPass = `Pw-${randomUUID()}`;
  const body = { company: 'E2E', domain: `e2e-${randomUUID().slice(0, 8)}.example.com`, adminName: 'boss', adminPass, adminEmail: 'boss@example.com' };
  const res = await gw('/tenant/tenants', { method: 'POST', as: admin(), body });
  if (res.status !== 201) throw new Error(`tenant not created: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.id, admin: [`${res.body.id}/boss`, adminPass] };
}
