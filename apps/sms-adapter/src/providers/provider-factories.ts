import { OutboundPolicy } from '@berth/runtime';
import { HttpProvidersConfig, httpProviderFactories } from './http/http-provider-factories';
import { SmppProviderFactory } from './smpp/smpp-provider.factory';
import type { SmsProviderFactory } from './sms-provider';

/** Every provider kind the adapter can use, one factory each (SMS_PROVIDERS of libs/contracts names them). */
export function providerFactories(config: HttpProvidersConfig, warn?: (message: string) => void): SmsProviderFactory[] {
  return [new SmppProviderFactory(OutboundPolicy.from(config)), ...httpProviderFactories(config, warn)];
}
