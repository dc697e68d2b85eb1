import type { Client } from '@c8y/client';
import { RequestError } from './errors';

/**
 * A request to an endpoint @c8y/client has no service for, through `client.core.fetch` (the session's
 * authentication): answers the parsed JSON body (undefined for an empty one) and rejects a 4xx/5xx
 * answer with a RequestError carrying the platform's error resource.
 */
export async function rest<T = unknown>(client: Client, path: string, init: { method?: string; body?: unknown; params?: Record<string, string | number | boolean> } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await client.core.fetch(path, {
    method: init.method ?? 'GET', headers, params: init.params,
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await res.text();
  const body = parseBody(text);
  if (res.status >= 400) throw new RequestError(res.status, body);
  return body as T;
}

/** A JSON body as an object, any other text as it is, an empty body as undefined. */
export function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
