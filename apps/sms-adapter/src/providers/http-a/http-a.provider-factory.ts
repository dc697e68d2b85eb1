import { smsProvider } from '@berth/contracts';
import { DEFAULT_HTTP_PROVIDER_OPTIONS, HttpProviderOptions, requiredSetting } from '../http/http-provider-options';
import { misconfigured } from '../http/misconfigured-provider';
import { ProviderHttpClient } from '../http/provider-http-client';
import { ProviderSink, SmsProvider, SmsProviderFactory } from '../sms-provider';
import { HttpAProvider, HttpASettings } from './http-a.provider';

/** Provider A's settings from the tenant's `messaging` options; ProviderRejectedError naming a missing one. */
export function httpASettingsOf(settings: Readonly<Record<string, string>>): HttpASettings {
  return {
    baseUrl: requiredSetting('http-a', settings, 'baseUrl').replace(/\/+$/, ''),
    username: requiredSetting('http-a', settings, 'username'),
    password: requiredSetting('http-a', settings, 'password'),
  };
}

/**
 * Makes provider A connections. A tenant whose settings are incomplete still gets a provider:
 * its sends fail with ProviderRejectedError naming the missing setting, and it does not poll.
 */
export function createHttpAProviderFactory(options: HttpProviderOptions = DEFAULT_HTTP_PROVIDER_OPTIONS): SmsProviderFactory {
  const definition = smsProvider('http-a');
  if (!definition) throw new Error('http-a is missing from SMS_PROVIDERS');
  return {
    definition,
    create(_tenant: string, raw: Readonly<Record<string, string>>, sink: ProviderSink): SmsProvider {
      let settings: HttpASettings;
      try {
        settings = httpASettingsOf(raw);
      } catch (err) {
        return misconfigured('http-a', { receiveAll: true, receiveOne: false }, err as Error);
      }
      return new HttpAProvider(settings, sink, new ProviderHttpClient('http-a', options.timeoutMs, options.outbound), options);
    },
  };
}

/** Provider A with the defaults (10 s timeout, polling every 5 s). */
export const httpAProviderFactory = createHttpAProviderFactory();
