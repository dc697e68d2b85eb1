import type { Client } from '@c8y/client';
import { RequestError } from './errors';

/**
 * A JSON request to an endpoint @c8y/client has no service for, sent with the session's client (so
 * it carries the session's authentication and XSRF header). Answers the parsed body; a failure
 * rejects with RequestError holding the platform's error resource.
 */
export async function requestJson<T>(client: Client, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const hasBody = init.body !== undefined;
  const res = await client.core.fetch(path, {
    method: init.method ?? 'GET',
    headers: { accept: 'application/json', ...(hasBody ? { 'content-type': 'application/json' } : {}) },
    ...(hasBody ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await res.text();
  let body: unknown = text || undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // A body that is no JSON (a proxy's page) stays text; errorMessage decides whether to show it.
  }
  if (!res.ok) throw new RequestError(res.status, body);
  return body as T;
}
