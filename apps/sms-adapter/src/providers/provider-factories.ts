import { SmppProviderFactory } from './smpp/smpp-provider.factory';
import type { SmsProviderFactory } from './sms-provider';

/** Every provider kind the adapter can use, one factory each (SMS_PROVIDERS of libs/contracts names them). */
export const PROVIDER_FACTORIES: readonly SmsProviderFactory[] = [
  new SmppProviderFactory(),
];
