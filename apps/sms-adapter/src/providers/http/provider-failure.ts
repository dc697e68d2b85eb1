import { ProviderRejectedError, ProviderUnavailableError } from '../sms-provider';

/** A temporary refusal (429, 503…) that named when to come back: the adapter may wait `retryAfterMs` before the next attempt. */
export class ProviderRetryLaterError extends ProviderUnavailableError {
  constructor(message: string, readonly retryAfterMs: number) {
    super(message);
  }
}

const MAX_REASON = 300;

/** Milliseconds named by a Retry-After header (delta-seconds or an HTTP date), or undefined when absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined, now = Date.now()): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * The error for a non-2xx answer: 408, 425, 429 and 5xx are temporary (ProviderUnavailableError, or
 * ProviderRetryLaterError with Retry-After); every other status is a final refusal
 * (ProviderRejectedError) carrying the provider's reason.
 */
export function failureOf(provider: string, status: number, reason: string, retryAfter?: string | string[]): Error {
  const text = `${provider}: ${status}${reason ? ` ${reason.slice(0, MAX_REASON)}` : ''}`;
  if (status === 408 || status === 425 || status === 429 || status >= 500) {
    const wait = retryAfterMs(retryAfter);
    return wait === undefined ? new ProviderUnavailableError(text) : new ProviderRetryLaterError(text, wait);
  }
  return new ProviderRejectedError(text);
}
