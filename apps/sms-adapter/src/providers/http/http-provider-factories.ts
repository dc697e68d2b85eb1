import { z } from '@berth/config';
import { OutboundPolicy, OutboundSettings } from '@berth/runtime';
import { createHttpAProviderFactory } from '../http-a/http-a.provider-factory';
import { createHttpBProviderFactory } from '../http-b/http-b.provider-factory';
import type { SmsProviderFactory } from '../sms-provider';
import { httpProvidersConfigSchema } from './http-provider-options';
import { hmacTag } from './webhook-signature';

export type HttpProvidersConfig = z.infer<typeof httpProvidersConfigSchema> & OutboundSettings & { BERTH_INTERNAL_KEY: string };

/**
 * Both HTTP provider factories from the adapter's validated env: timeouts and polling from
 * BERTH_SMS_HTTP_*, the outbound guard from BERTH_OUTBOUND_*, and, with BERTH_SMS_WEBHOOK_URL, provider B's receipts by webhook with a
 * callbackData key derived from BERTH_INTERNAL_KEY (so every replica verifies what any signed).
 */
export function httpProviderFactories(config: HttpProvidersConfig, warn?: (message: string) => void): SmsProviderFactory[] {
  const options = { timeoutMs: config.BERTH_SMS_HTTP_TIMEOUT_MS, pollIntervalMs: config.BERTH_SMS_HTTP_POLL_INTERVAL_MS, outbound: OutboundPolicy.from(config), warn };
  return [
    createHttpAProviderFactory(options),
    createHttpBProviderFactory({ ...options, ...(config.BERTH_SMS_WEBHOOK_URL ? { webhook: { baseUrl: config.BERTH_SMS_WEBHOOK_URL, key: httpBWebhookKey(config.BERTH_INTERNAL_KEY) } } : {}) }),
  ];
}

/** The key that signs and verifies provider B's callbackData, derived from the internal key. */
export function httpBWebhookKey(internalKey: string): string {
  return hmacTag(internalKey, 'berth:sms-webhook:http-b');
}
