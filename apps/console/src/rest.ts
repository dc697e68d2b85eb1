import type { Client } from '@c8y/client';
import { RequestError } from './errors';

/**
 * A JSON request through the session's client, for endpoints @c8y/client has no service for:
 * answers the parsed body (undefined for an empty one), rejects with RequestError on a status from 400.
 */
export async function requestJson<T = unknown>(
  client: Client, path: string, init: { method?: string; body?: unknown; params?: Record<string, string | number | boolean> } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await client.core.fetch(path, {
    method: init.method ?? 'GET', headers, params: init.params, body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = parseBody(await res.text());
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

/** A path segment of the platform's URLs (user names, group ids, role ids). */
export const seg = (value: string | number) => encodeURIComponent(String(value));
