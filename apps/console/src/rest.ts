import type { Client, IFetchOptions } from '@c8y/client';
import { RequestError } from './errors';

/**
 * A JSON request to an endpoint @c8y/client has no service for, through the session's client (its
 * authentication and XSRF header). Answers the parsed body (undefined when there is none); a
 * failure rejects with `RequestError` carrying the platform's error resource.
 */
export async function requestJson<T>(client: Client, path: string, init: IFetchOptions = {}): Promise<T> {
  const headers = { accept: 'application/json', ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers };
  const res = await client.core.fetch(path, { ...init, headers });
  const text = await res.text();
  let body: unknown = text || undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: the text itself tells what went wrong.
  }
  if (!res.ok) throw new RequestError(res.status, body);
  return body as T;
}
