import { z } from '@berth/config';
import { OutboundPolicy } from '@berth/runtime';
import { ProviderRejectedError } from '../sms-provider';

/** What the adapter passes to both HTTP provider factories (from the env below). */
export interface HttpProviderOptions {
  /** Connect, header and body timeout of each call to the provider. */
  timeoutMs: number;
  /** How often a provider polls for inbound messages and receipts; 0 turns polling off (webhooks only). */
  pollIntervalMs: number;
  /** Which provider addresses may be called (a tenant's settings name them). */
  outbound: OutboundPolicy;
  /** Where polling failures are reported; never given secrets or tokens. */
  warn?: (message: string) => void;
}

export const DEFAULT_HTTP_PROVIDER_OPTIONS: HttpProviderOptions = { timeoutMs: 10_000, pollIntervalMs: 5_000, outbound: new OutboundPolicy(false) };

/** The sms-adapter's env for its HTTP providers; merge into the app's config schema. */
export const httpProvidersConfigSchema = z.object({
  BERTH_SMS_HTTP_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000)
    .describe('Connect, header and body timeout of each call to an HTTP SMS provider (docs/sms-http-providers.md).'),
  BERTH_SMS_HTTP_POLL_INTERVAL_MS: z.coerce.number().int().min(0).default(5_000)
    .describe('How often an HTTP provider polls for inbound messages and receipts; `0` turns polling off (webhooks only).'),
  BERTH_SMS_WEBHOOK_URL: z.string().url().optional()
    .describe('Public base of the provider webhooks (`…/service/messaging/providers/webhooks`); unset: provider B\'s receipts are polled.'),
});

/** A required setting; ProviderRejectedError naming it when it is missing (a tenant's configuration mistake). */
export function requiredSetting(provider: string, settings: Readonly<Record<string, string>>, key: string): string {
  const value = settings[key];
  if (!value) throw new ProviderRejectedError(`${provider}: setting "${key}" is not configured`);
  return value;
}
