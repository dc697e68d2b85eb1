/**
 * What to tell a person about a failed request: the platform's error resource (`message`, and the
 * `error` code in brackets) when there is one, else the HTTP status, else the error's own message.
 * @c8y/client rejects with `{ res, data }` (data: the parsed body); the console's own requests
 * reject with `RequestError`.
 */
export function errorMessage(err: unknown): string {
  if (err instanceof RequestError) return describe(err.status, err.body);
  if (isClientFailure(err)) return describe(err.res.status, err.data);
  if (err instanceof Error) return err.message;
  return String(err);
}

/** A failed request made by the console itself (uploads, log streams): its status and parsed body. */
export class RequestError extends Error {
  constructor(readonly status: number, readonly body: unknown) {
    super(describe(status, body));
  }
}

interface ClientFailure { res: { status: number; statusText?: string }; data?: unknown }

function isClientFailure(err: unknown): err is ClientFailure {
  return typeof err === 'object' && err !== null && 'res' in err && typeof (err as ClientFailure).res?.status === 'number';
}

function describe(status: number, body: unknown): string {
  if (typeof body === 'object' && body !== null) {
    const { message, error } = body as { message?: unknown; error?: unknown };
    if (typeof message === 'string' && message) return typeof error === 'string' && error ? `${message} (${error})` : message;
    if (typeof error === 'string' && error) return error;
  }
  if (typeof body === 'string' && body.trim() && !body.trimStart().startsWith('<')) return `${status}: ${body.trim().slice(0, 200)}`;
  if (status === 0) return 'The platform cannot be reached';
  return `The request failed with status ${status}`;
}
