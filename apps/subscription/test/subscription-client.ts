import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { admin, basic, BRAND, eventually, gw, microserviceZip, testStack } from '@berth/testing';

export const unique = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;
export type Credentials = [string, string];

/** POST through the gateway with the given Content-Type (gw always sends application/json). */
export async function post(path: string, body: unknown, as: Credentials, contentType = 'application/json', headers: Record<string, string> = {}) {
  const res = await fetch(`${testStack.gatewayUrl}${path}`, {
    method: 'POST', body: JSON.stringify(body),
    headers: { accept: `${BRAND}.applicationReference+json`, 'content-type': contentType, authorization: basic(...as), ...headers },
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

export const subscribe = (tenant: string, applicationId: string, as: Credentials, headers: Record<string, string> = {}) =>
  post(`/tenant/tenants/${tenant}/applications`, { application: { id: applicationId } }, as, 'application/json', headers);

export const unsubscribe = (tenant: string, applicationId: string, as: Credentials) =>
  gw(`/tenant/tenants/${tenant}/applications/${applicationId}`, { method: 'DELETE', as });

/** The application ids `tenant` is subscribed to, as the subscription app lists them. */
export async function subscribedIds(tenant: string): Promise<string[]> {
  const res = await gw(`/tenant/tenants/${tenant}/applications?pageSize=100`, { as: admin() });
  expect(res.status).toBe(200);
  return res.body.references.map((r: { application: { id: string } }) => r.application.id);
}

/** A MICROSERVICE made through the registry API, MARKET unless told otherwise. */
export async function microservice(as: Credentials = admin(), extra: Record<string, unknown> = {}) {
  const name = unique('ms');
  const res = await gw('/application/applications', {
    method: 'POST', as, body: { name, key: `${name}-key`, type: 'MICROSERVICE', availability: 'MARKET', requiredRoles: ['ROLE_INVENTORY_READ'], ...extra },
  });
  if (res.status !== 201) throw new Error(`application not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; name: string; self: string };
}

/** Uploads a binary made from `manifest` as `as` (the management admin unless told); answers the status. */
export async function uploadBinary(applicationId: string, manifest: Parameters<typeof microserviceZip>[0], as: Credentials = admin()): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([microserviceZip(manifest)]), 'ms.zip');
  const res = await fetch(`${testStack.gatewayUrl}/application/applications/${applicationId}/binaries`, {
    method: 'POST', body: form, headers: { accept: 'application/json', authorization: basic(...as) },
  });
  await res.arrayBuffer();
  return res.status;
}

/** The reference of `applicationId` in `tenant`'s subscription listing (as the management admin), or undefined. */
export async function listedReference(tenant: string, applicationId: string): Promise<Record<string, any> | undefined> {
  const res = await gw(`/tenant/tenants/${tenant}/applications?pageSize=100`, { as: admin() });
  expect(res.status).toBe(200);
  return res.body.references.find((r: { application: { id: string } }) => r.application.id === applicationId);
}

/** A known application's id by name. */
export async function knownId(name: string): Promise<string> {
  const res = await gw(`/application/applicationsByName/${name}`, { as: admin() });
  return res.body.applications[0].id;
}

const bootstrapUsers = new Map<string, Credentials>();

/** The application's bootstrap user (`GET …/bootstrapUser` as the owner's admin), retried while it is being made. */
export async function bootstrapCredentials(applicationId: string, owner: Credentials = admin()): Promise<Credentials> {
  const known = bootstrapUsers.get(applicationId);
  if (known) return known;
  const res = await eventually(() => gw(`/application/applications/${applicationId}/bootstrapUser`, { as: owner }), (r) => r.status !== 503, 10000);
  if (res.status !== 200) throw new Error(`no bootstrap user: ${res.status} ${JSON.stringify(res.body)}`);
  const creds: Credentials = [`${res.body.tenant}/${res.body.name}`, res.body.password];
  bootstrapUsers.set(applicationId, creds);
  return creds;
}

/** `GET /application/currentApplication/subscriptions` through the gateway, with the application's real bootstrap user's Basic credentials. */
export async function currentSubscriptions(app: { id: string }, owner: Credentials = admin()) {
  const res = await fetch(`${testStack.gatewayUrl}/application/currentApplication/subscriptions`, {
    headers: { accept: `${BRAND}.applicationUserCollection+json`, authorization: basic(...await bootstrapCredentials(app.id, owner)) },
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

/**
 * `GET /application/currentApplication/subscriptions` for a bootstrap principal whose application does not exist: no such user can log in
 * through the gateway, so this internal-only case calls the subscription app directly.
 */
export async function currentSubscriptionsOfUnknown(owner: string, appName: string) {
  const res = await fetch(`${testStack.appUrl('subscription')}/application/currentApplication/subscriptions`, {
    headers: { accept: `${BRAND}.applicationUserCollection+json`, ...testStack.principalHeaders({ tenant: owner, user: `servicebootstrap_${appName}`, roles: [], kind: 'bootstrap' }) },
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

export function expectError(res: { status: number; headers: Headers; body: any }, status: number, error: string, message?: RegExp) {
  expect({ status: res.status, error: res.body?.error }).toEqual({ status, error });
  expect(res.headers.get('content-type')).toBe(`${BRAND}.error+json;ver=0.9;charset=UTF-8`);
  expect(res.body).toMatchObject({ message: expect.any(String), info: expect.stringMatching(/^http/) });
  if (message) expect(res.body.message).toMatch(message);
}

export { eventually };

/** The subscription app's projection row of an application, read straight from its database. */
export async function knownApplication(applicationId: string): Promise<Record<string, unknown> | null> {
  const client = await new MongoClient(process.env.MONGODB_URI!).connect();
  try {
    return await client.db(`${testStack.dbPrefix}_subscription`).collection<{ _id: string }>('known_applications').findOne({ _id: applicationId });
  } finally {
    await client.close();
  }
}

/**
 * Sets fields of the subscription app's projection row of an application straight in its database:
 * makes it hold what it held before an event, as while it lags behind the registry.
 */
export async function rewindKnownApplication(applicationId: string, fields: Record<string, unknown>): Promise<void> {
  const client = await new MongoClient(process.env.MONGODB_URI!).connect();
  try {
    await client.db(`${testStack.dbPrefix}_subscription`).collection<{ _id: string }>('known_applications').updateOne({ _id: applicationId }, { $set: fields });
  } finally {
    await client.close();
  }
}

/** The subscription app's stored document of a subscription, read straight from its database. */
export async function storedSubscription(tenant: string, applicationId: string): Promise<Record<string, unknown> | null> {
  const client = await new MongoClient(process.env.MONGODB_URI!).connect();
  try {
    return await client.db(`${testStack.dbPrefix}_subscription`).collection<{ _id: string }>('subscriptions').findOne({ _id: `${tenant}/${applicationId}` });
  } finally {
    await client.close();
  }
}
