import type { IncomingHttpHeaders } from 'node:http';
import { DomainError } from './domain-error';

const MULTIPART = /^multipart\//i;

/**
 * The 413 for a request that declares a body over `maxBytes` (`BERTH_HTTP_MAX_BODY_BYTES`, which
 * every app's parser enforces too), or undefined. Multipart uploads are left to their own limits.
 * The answer closes the connection, so the rest of the body is not read.
 */
export function declaredBodyTooLarge(headers: IncomingHttpHeaders, maxBytes: number): DomainError | undefined {
  const length = headers['content-length'];
  if (length === undefined || Number(length) <= maxBytes || MULTIPART.test(headers['content-type'] ?? '')) return undefined;
  return new DomainError('general', 'Payload Too Large', `The request body is larger than ${maxBytes} bytes`, { connection: 'close' });
}
