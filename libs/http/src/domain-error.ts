/** The kinds of failure the interface distinguishes; each maps to one HTTP status in ERROR_STATUS. */
export type ErrorKind =
  | 'Bad Request' | 'Unauthorized' | 'Forbidden' | 'Not Found' | 'Method Not Allowed' | 'Not Acceptable'
  | 'Duplicate' | 'Update Conflict' | 'Payload Too Large' | 'Unsupported Media Type' | 'Invalid Data'
  | 'Unprocessable Entity' | 'Too Many Requests' | 'Request Timeout' | 'Request Header Fields Too Large'
  | 'Internal Error' | 'Service Unavailable';

/** The one place where error kinds become HTTP statuses. */
export const ERROR_STATUS: Record<ErrorKind, number> = {
  'Bad Request': 400, Unauthorized: 401, Forbidden: 403, 'Not Found': 404, 'Method Not Allowed': 405,
  'Not Acceptable': 406, Duplicate: 409, 'Update Conflict': 409, 'Payload Too Large': 413,
  'Unsupported Media Type': 415, 'Invalid Data': 422, 'Unprocessable Entity': 422, 'Too Many Requests': 429,
  'Request Timeout': 408, 'Request Header Fields Too Large': 431,
  'Internal Error': 500, 'Service Unavailable': 503,
};

/**
 * An error a client can be told about. `code` is the error resource's `error` field,
 * `<resource>/<kind>` (e.g. `applications/Duplicate`, the real platform's spelling).
 */
export class DomainError extends Error {
  readonly code: string;
  readonly status: number;

  constructor(readonly resource: string, readonly kind: ErrorKind, message: string, readonly headers: Record<string, string> = {}) {
    super(message);
    this.name = 'DomainError';
    this.code = `${resource}/${kind}`;
    this.status = ERROR_STATUS[kind];
  }
}

/** A 503 the client may retry: `Retry-After` in seconds (5 unless said), under `resource` (`general` unless said). */
export function serviceUnavailable(message: string, retryAfterSeconds = 5, resource = 'general'): DomainError {
  return new DomainError(resource, 'Service Unavailable', message, { 'retry-after': String(retryAfterSeconds) });
}
