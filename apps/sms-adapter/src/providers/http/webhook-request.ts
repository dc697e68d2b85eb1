/** A provider's webhook call as the adapter's controller received it: headers and the body exactly as sent (signatures cover the raw bytes). */
export interface WebhookRequest {
  headers: Readonly<Record<string, string | string[] | undefined>>;
  rawBody: Buffer | string;
}

/** The webhook call is not authentic (missing or wrong signature, stale timestamp): answer 401, store nothing. */
export class WebhookUnauthorizedError extends Error {}
/** The webhook call is authentic but its body is not what the protocol says: answer 422, store nothing. */
export class WebhookInvalidError extends Error {}

/** The first value of a header (names are lower-case in Node). */
export function headerOf(req: WebhookRequest, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** The body parsed as JSON, or WebhookInvalidError. */
export function jsonOf(req: WebhookRequest): unknown {
  try {
    return JSON.parse(req.rawBody.toString());
  } catch {
    throw new WebhookInvalidError('the body is not JSON');
  }
}
