import { smsProvider } from '@berth/contracts';
import { DEFAULT_HTTP_PROVIDER_OPTIONS, HttpProviderOptions, requiredSetting } from '../http/http-provider-options';
import { misconfigured } from '../http/misconfigured-provider';
import { ProviderHttpClient } from '../http/provider-http-client';
import { ProviderSink, SmsProvider, SmsProviderFactory } from '../sms-provider';
import { HttpBProvider, HttpBSettings } from './http-b.provider';

export interface HttpBFactoryOptions extends HttpProviderOptions {
  /**
   * Receipts by webhook: `baseUrl` is the public base of the adapter's webhook routes (the
   * provider is told `<baseUrl>/http-b/<tenant>`), `key` signs callbackData (derive it from
   * BERTH_INTERNAL_KEY). Without it receipts are polled.
   */
  webhook?: { baseUrl: string; key: string };
}

/** Provider B's settings from the tenant's `messaging` options; ProviderRejectedError naming a missing one. */
export function httpBSettingsOf(settings: Readonly<Record<string, string>>): HttpBSettings {
  return {
    clientId: requiredSetting('http-b', settings, 'username'),
    clientSecret: requiredSetting('http-b', settings, 'password'),
    authUrl: requiredSetting('http-b', settings, 'authUrl'),
    messagingUrl: requiredSetting('http-b', settings, 'messagingUrl').replace(/\/+$/, ''),
  };
}

/** Makes provider B connections; incomplete settings give a provider whose sends fail with ProviderRejectedError naming the setting. */
export function createHttpBProviderFactory(options: HttpBFactoryOptions = DEFAULT_HTTP_PROVIDER_OPTIONS): SmsProviderFactory {
  const definition = smsProvider('http-b');
  if (!definition) throw new Error('http-b is missing from SMS_PROVIDERS');
  if (options.webhook && options.webhook.key.length < 32) throw new Error('http-b: the webhook key needs at least 32 characters');
  return {
    definition,
    create(tenant: string, raw: Readonly<Record<string, string>>, sink: ProviderSink): SmsProvider {
      let settings: HttpBSettings;
      try {
        settings = httpBSettingsOf(raw);
      } catch (err) {
        return misconfigured('http-b', { receiveAll: false, receiveOne: false }, err as Error);
      }
      const webhook = options.webhook && { notifyUrl: `${options.webhook.baseUrl.replace(/\/+$/, '')}/http-b/${encodeURIComponent(tenant)}`, key: options.webhook.key };
      return new HttpBProvider(tenant, settings, sink, new ProviderHttpClient('http-b', options.timeoutMs, options.outbound), options, webhook);
    },
  };
}

/** Provider B with the defaults (10 s timeout, receipts polled every 5 s). */
export const httpBProviderFactory = createHttpBProviderFactory();
