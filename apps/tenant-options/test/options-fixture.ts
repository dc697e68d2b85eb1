import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import type { Principal } from '@berth/auth';
import { testStack } from '@berth/testing';

export const MANAGEMENT = 'management';
export const ADMIN_ROLES = ['ROLE_OPTION_MANAGEMENT_ADMIN', 'ROLE_OPTION_MANAGEMENT_READ'];
export const OPTION_TYPE = 'application/vnd.com.nsn.cumulocity.option+json;ver=0.9;charset=UTF-8';
export const COLLECTION_TYPE = 'application/vnd.com.nsn.cumulocity.optionCollection+json;ver=0.9;charset=UTF-8';

/** A tenant id no other spec uses. */
export function newTenant(label: string): string {
  return `t${label}${randomBytes(4).toString('hex')}`;
}

export const admin = (tenant: string): Principal => ({ tenant, user: 'admin', roles: ADMIN_ROLES, kind: 'user' });
export const reader = (tenant: string): Principal => ({ tenant, user: 'reader', roles: ['ROLE_OPTION_MANAGEMENT_READ'], kind: 'user' });
export const system = (): Principal => ({ tenant: MANAGEMENT, user: 'admin', roles: ADMIN_ROLES, kind: 'user' });

export interface Answer { status: number; headers: Headers; body: any }

/** Calls tenant-options directly as `principal`; JSON in and out, Accept `application/json` unless given. */
export async function call(principal: Principal | undefined, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(testStack.appUrl('tenant-options') + path, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(principal ? testStack.principalHeaders(principal) : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

/** The stored options collection, read with the plain driver. */
export async function withOptionsCollection<T>(fn: (collection: import('mongodb').Collection<any>) => Promise<T>): Promise<T> {
  const client = await new MongoClient(process.env.MONGODB_URI!).connect();
  try {
    return await fn(client.db(`${testStack.dbPrefix}_tenant_options`).collection('options'));
  } finally {
    await client.close();
  }
}
