import { ProviderRejectedError, ProviderUnavailableError } from '../sms-provider';
import { failureOf, ProviderRetryLaterError, retryAfterMs } from './provider-failure';

describe('failureOf', () => {
  it.each([408, 425, 429, 500, 502, 503, 504])('%i is temporary', (status) => {
    const error = failureOf('p', status, 'busy');
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error.message).toBe(`p: ${status} busy`);
  });

  it.each([400, 401, 403, 404, 409, 413, 422])('%i is final', (status) => {
    expect(failureOf('p', status, 'no')).toBeInstanceOf(ProviderRejectedError);
  });

  it('keeps Retry-After, and cuts a long reason', () => {
    const error = failureOf('p', 429, 'x'.repeat(1000), '3') as ProviderRetryLaterError;
    expect(error).toBeInstanceOf(ProviderRetryLaterError);
    expect(error.retryAfterMs).toBe(3000);
    expect(error.message).toHaveLength('p: 429 '.length + 300);
  });

  it('reads Retry-After as seconds or an HTTP date, and ignores nonsense', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(undefined, now)).toBeUndefined();
  });
});
