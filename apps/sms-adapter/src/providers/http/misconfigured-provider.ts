import type { SmsProvider } from '../sms-provider';

/** A provider for a tenant whose settings are unusable: every send fails with the configuration error (ProviderRejectedError), and it never polls. */
export function misconfigured(id: string, supports: SmsProvider['supports'], error: Error): SmsProvider {
  return { id, supports, send: () => Promise.reject(error), close: () => Promise.resolve() };
}
