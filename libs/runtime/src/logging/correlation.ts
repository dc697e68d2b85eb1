import { randomUUID } from 'node:crypto';
import { currentWork } from '@berth/messaging';

/** The correlation id of the work in progress (request or message), if any. */
export function currentCorrelationId(): string | undefined {
  return currentWork()?.correlationId;
}

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Takes a caller's `X-Request-Id` when it is a sane token, else makes a new id. */
export function correlationIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && SAFE_ID.test(value) ? value : randomUUID();
}
