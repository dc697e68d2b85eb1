import type { IncomingHttpHeaders } from 'node:http';
import { Readable, Transform } from 'node:stream';
import { DomainError } from './domain-error';

const MULTIPART = /^multipart\//i;

/** The 413 for a body over `maxBytes`; the answer closes the connection, so the rest of the body is not read. */
export function payloadTooLarge(maxBytes: number): DomainError {
  return new DomainError('general', 'Payload Too Large', `The request body is larger than ${maxBytes} bytes`, { connection: 'close' });
}

/**
 * The 413 for a request that declares a body over `maxBytes` (`BERTH_HTTP_MAX_BODY_BYTES`, which
 * every app's parser enforces too), or undefined. Multipart uploads are left to their own limits.
 */
export function declaredBodyTooLarge(headers: IncomingHttpHeaders, maxBytes: number): DomainError | undefined {
  const length = headers['content-length'];
  if (length === undefined || Number(length) <= maxBytes || MULTIPART.test(headers['content-type'] ?? '')) return undefined;
  return payloadTooLarge(maxBytes);
}

/**
 * The body to pass on: as it is when its length is declared (see `declaredBodyTooLarge`) or it is a
 * multipart upload; otherwise (chunked) counted on its way, failing with the 413 past `maxBytes`,
 * so a proxy answers 413 itself rather than racing the app's refusal of a body it still sends.
 */
export function limitedBody(body: Readable, headers: IncomingHttpHeaders, maxBytes: number): Readable {
  if (headers['content-length'] !== undefined || MULTIPART.test(headers['content-type'] ?? '')) return body;
  let seen = 0;
  const limited = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes) done(payloadTooLarge(maxBytes));
      else done(null, chunk);
    },
  });
  body.on('error', (err) => limited.destroy(err));
  return body.pipe(limited);
}
