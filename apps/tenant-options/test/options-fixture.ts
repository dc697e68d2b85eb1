import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { admin as managementAdmin, basic, BRAND, eventually, gw, managementTenant, newTenant, newUser, TenantHandle, testStack } from '@berth/testing';

export { newTenant };
export type { TenantHandle };
export type Creds = [string, string];
export const ADMIN_ROLES = ['ROLE_OPTION_MANAGEMENT_ADMIN', 'ROLE_OPTION_MANAGEMENT_READ'];
export const READ_ROLES = ['ROLE_OPTION_MANAGEMENT_READ'];
export const OPTION_TYPE = 'application/vnd.com.nsn.cumulocity.option+json;ver=0.9;charset=UTF-8';
export const COLLECTION_TYPE = 'application/vnd.com.nsn.cumulocity.optionCollection+json;ver=0.9;charset=UTF-8';

const users = new Map<string, Promise<Creds>>();

/** A real user of `tenant` holding exactly `roles`, made once through the API and reused. */
export function userWith(tenant: TenantHandle, roles: readonly string[]): Promise<Creds> {
  const key = `${tenant.id}:${[...roles].sort().join(',')}`;
  if (!users.has(key)) users.set(key, newUser(tenant, roles));
  return users.get(key)!;
}

/** A user of `tenant` with the option admin and read roles. */
export const admin = (tenant: TenantHandle) => userWith(tenant, ADMIN_ROLES);
/** A user of `tenant` with the option read role only. */
export const reader = (tenant: TenantHandle) => userWith(tenant, READ_ROLES);
/** A user of the management tenant with the option admin and read roles: it writes system options and locks. */
export const system = () => userWith(managementTenant(), ADMIN_ROLES);
export { managementTenant };

export interface Answer { status: number; headers: Headers; body: any }
export type Caller = Creds | Promise<Creds> | undefined;

/** Calls through the gateway with Basic credentials of `who` (none when undefined); JSON in and out, Accept `application/json` unless given. */
export async function call(who: Caller, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const creds = await who;
  const res = await fetch(testStack.gatewayUrl + path, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(creds ? { authorization: basic(...creds) } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

/**
 * A microservice `tenant` is subscribed to, with `roles` required, and its real service user
 * `service_<name>` in that tenant (read from `GET /application/currentApplication/subscriptions` with the bootstrap user's credentials).
 */
export async function subscribedMicroservice(tenant: TenantHandle, roles: readonly string[]): Promise<{ name: string; service: Creds }> {
  const name = `svc${randomBytes(4).toString('hex')}`;
  const app = await gw('/application/applications', {
    method: 'POST', as: managementAdmin(), body: { name, key: `${name}-key`, type: 'MICROSERVICE', availability: 'MARKET', requiredRoles: roles },
  });
  if (app.status !== 201) throw new Error(`application not created: ${app.status} ${JSON.stringify(app.body)}`);
  const sub = await gw(`/tenant/tenants/${tenant.id}/applications`, { method: 'POST', as: tenant.admin, body: { application: { id: app.body.id } } });
  if (sub.status !== 201) throw new Error(`not subscribed: ${sub.status} ${JSON.stringify(sub.body)}`);
  const boot = await eventually(() => gw(`/application/applications/${app.body.id}/bootstrapUser`, { as: managementAdmin() }), (r) => r.status !== 503, 10000);
  if (boot.status !== 200) throw new Error(`no bootstrap user: ${boot.status} ${JSON.stringify(boot.body)}`);
  const row12 = await eventually(
    () => gw('/application/currentApplication/subscriptions', { as: [`${boot.body.tenant}/${boot.body.name}`, boot.body.password], headers: { accept: `${BRAND}.applicationUserCollection+json` } }),
    (r) => r.body?.users?.some((u: { tenant: string }) => u.tenant === tenant.id), 10000);
  const user = row12.body.users.find((u: { tenant: string }) => u.tenant === tenant.id);
  if (!user) throw new Error(`no service user of ${name} in ${tenant.id}: ${row12.status} ${JSON.stringify(row12.body)}`);
  return { name, service: [`${tenant.id}/${user.name}`, user.password] };
}

/** A collection of tenant-options' store (the options unless named), read with the plain driver. */
export async function withOptionsCollection<T>(fn: (collection: import('mongodb').Collection<any>) => Promise<T>, name = 'options'): Promise<T> {
  const client = await new MongoClient(process.env.MONGODB_URI!).connect();
  try {
    return await fn(client.db(`${testStack.dbPrefix}_tenant_options`).collection(name));
  } finally {
    await client.close();
  }
}
