import { MESSAGING_PROVIDER_KEY, messagingOptionKeys, SMS_PROVIDERS, smsProvider } from '@berth/contracts';
import { invalidOption } from '../option-errors';

/**
 * A `messaging/<key>` option (docs/api/sms.md): `provider` must name a known provider,
 * and every other key must be one the provider in effect defines (`provider` being written in
 * the same request, else the stored one). @throws DomainError 422 naming the key.
 */
export function checkMessagingOption(key: string, value: string, providerInEffect: string | undefined): void {
  if (key === MESSAGING_PROVIDER_KEY) {
    if (!smsProvider(value)) throw invalidOption(key, `unknown provider "${value}"; known: ${SMS_PROVIDERS.map((p) => p.id).join(', ')}`);
    return;
  }
  const provider = providerInEffect === undefined ? undefined : smsProvider(providerInEffect);
  if (!provider) throw invalidOption(key, 'set messaging/provider to a known provider first');
  const allowed = messagingOptionKeys(provider);
  if (!allowed.includes(key)) throw invalidOption(key, `not a key of provider ${provider.id}; allowed: ${allowed.join(', ')}`);
}
