/**
 * The SMS providers Berth knows, once for every app (docs/api/sms.md). A tenant picks
 * one with the tenant option `messaging/provider` and configures it with options of category
 * `messaging` keyed `<provider>.<key>`; a secret key lives under `credentials.<provider>.<key>`
 * so tenant-options stores it encrypted. `sms.senderAddress` and `sms.senderName` are common
 * to every provider.
 */
export interface SmsProviderKey {
  name: string;
  /** Stored encrypted, under the `credentials.` prefix. */
  secret?: boolean;
  /** The provider works without it (e.g. a webhook secret only needed when the provider pushes). */
  optional?: boolean;
}

export interface SmsProviderDefinition {
  id: string;
  displayName: string;
  keys: readonly SmsProviderKey[];
}

export const MESSAGING_CATEGORY = 'messaging';
export const MESSAGING_PROVIDER_KEY = 'provider';
export const MESSAGING_COMMON_KEYS: readonly string[] = [MESSAGING_PROVIDER_KEY, 'sms.senderAddress', 'sms.senderName'];

export const SMS_PROVIDERS: readonly SmsProviderDefinition[] = [
  {
    id: 'smpp', displayName: 'SMPP',
    keys: [{ name: 'host' }, { name: 'port' }, { name: 'systemId' }, { name: 'password', secret: true }, { name: 'systemType' }],
  },
  {
    id: 'http-a', displayName: 'HTTP provider A',
    keys: [{ name: 'baseUrl' }, { name: 'username' }, { name: 'password', secret: true }, { name: 'webhookSecret', secret: true, optional: true }],
  },
  {
    id: 'http-b', displayName: 'HTTP provider B',
    keys: [{ name: 'username' }, { name: 'password', secret: true }, { name: 'authUrl' }, { name: 'messagingUrl' }],
  },
];

/** The provider with this id, or undefined. */
export function smsProvider(id: string): SmsProviderDefinition | undefined {
  return SMS_PROVIDERS.find((p) => p.id === id);
}

/** The option key under which a provider's key is stored: `<provider>.<key>`, or `credentials.<provider>.<key>` for a secret. */
export function messagingOptionKey(provider: SmsProviderDefinition, key: SmsProviderKey): string {
  return `${key.secret ? 'credentials.' : ''}${provider.id}.${key.name}`;
}

/** Every option key of category `messaging` that is valid while `provider` is chosen: the common keys and the provider's own. */
export function messagingOptionKeys(provider: SmsProviderDefinition): string[] {
  return [...MESSAGING_COMMON_KEYS, ...provider.keys.map((k) => messagingOptionKey(provider, k))];
}
