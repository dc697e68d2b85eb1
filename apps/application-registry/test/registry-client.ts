import { randomBytes } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { RoleSets } from '@berth/auth';
import { basic, newUser, TenantHandle, testStack } from '@berth/testing';

export const BRAND = 'application/vnd.com.nsn.cumulocity';
export const ADMIN = [...RoleSets.applicationAdmin];
export const READ = ['ROLE_APPLICATION_MANAGEMENT_READ'];

/** A name no other spec or run uses: application names are unique across tenants. */
export const unique = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;

export type Creds = [string, string];
export interface CallOptions { tenant: TenantHandle; roles?: readonly string[]; body?: unknown; rawBody?: string; headers?: Record<string, string>; principal?: boolean }

const users = new Map<string, Promise<Creds>>();

/** A real user of `tenant` holding exactly `roles` (made once through the API, then reused). */
export function userWith(tenant: TenantHandle, roles: readonly string[] = ADMIN): Promise<Creds> {
  const key = `${tenant.id}:${[...roles].sort().join(',')}`;
  if (!users.has(key)) users.set(key, newUser(tenant, roles));
  return users.get(key)!;
}

/** The user name part of credentials. */
export const userName = (creds: Creds) => creds[0].split('/')[1];

/**
 * Calls the registry through the gateway with Basic credentials of a real user of `tenant`
 * holding exactly `roles` (the application admin roles by default); `principal: false` sends none.
 */
export async function call(method: string, path: string, options: CallOptions): Promise<{ status: number; headers: Headers; body: any }> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...(options.principal === false ? {} : { authorization: basic(...await userWith(options.tenant, options.roles ?? ADMIN)) }),
    ...(options.body !== undefined || options.rawBody !== undefined ? { 'content-type': `${BRAND}.application+json` } : {}),
    ...options.headers,
  };
  const res = await fetch(`${testStack.gatewayUrl}${path}`, {
    method, headers, body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

/** Creates an application as `tenant` and returns it; fails the test unless the answer is 201. */
export async function create(tenant: TenantHandle, fields: Record<string, unknown>): Promise<any> {
  const res = await call('POST', '/application/applications', { tenant, body: fields });
  expect(res.status).toBe(201);
  return res.body;
}

/** A MICROSERVICE body with fresh unique name and key. */
export const microservice = (extra: Record<string, unknown> = {}) => {
  const name = unique('ms');
  return { name, key: `${name}-key`, type: 'MICROSERVICE', ...extra };
};

export function expectError(res: { status: number; headers: Headers; body: any }, status: number, error: string, message?: RegExp) {
  expect({ status: res.status, error: res.body?.error }).toEqual({ status, error });
  expect(res.headers.get('content-type')).toBe(`${BRAND}.error+json;ver=0.9;charset=UTF-8`);
  expect(res.body).toMatchObject({ message: expect.any(String), info: expect.stringMatching(/^http/) });
  if (message) expect(res.body.message).toMatch(message);
}

export const kafka = () => new Kafka({ clientId: unique('registry-e2e'), brokers: process.env.KAFKA_BROKERS!.split(','), logLevel: logLevel.NOTHING });
