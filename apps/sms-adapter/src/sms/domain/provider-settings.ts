import { MESSAGING_PROVIDER_KEY, messagingOptionKey, SMS_PROVIDERS, smsProvider, SmsProviderDefinition } from '@berth/contracts';
import { invalidField } from './sms-errors';

/** A provider's settings as a JSON schema (draft 2020-12): every key a string, secrets marked `writeOnly`. */
export function settingsSchema(provider: SmsProviderDefinition) {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(provider.keys.map((k) => [k.name, { type: 'string', ...(k.secret ? { writeOnly: true } : {}) }])),
  };
}

export const providerDefinitions = () => SMS_PROVIDERS.map((p) => ({ id: p.id, displayName: p.displayName, settingsSchema: settingsSchema(p) }));

/** The tenant's choice as the configuration endpoints show it; secrets only as `true` under `secrets`. */
export function configurationView(options: Record<string, string>) {
  const provider = smsProvider(options[MESSAGING_PROVIDER_KEY] ?? '');
  const settings: Record<string, string> = {};
  const secrets: Record<string, boolean> = {};
  for (const k of provider?.keys ?? []) {
    const value = options[messagingOptionKey(provider!, k)];
    if (value === undefined) continue;
    if (k.secret) secrets[k.name] = true;
    else settings[k.name] = value;
  }
  return {
    provider: provider?.id ?? null, senderAddress: options['sms.senderAddress'] ?? null, senderName: options['sms.senderName'] ?? null,
    settings, secrets,
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The `messaging` options a PUT body `{provider, senderAddress?, senderName?, settings}` stands for.
 * @throws DomainError 422 naming the field that is wrong.
 */
export function optionsOfConfiguration(body: unknown): { provider: SmsProviderDefinition; values: Record<string, string> } {
  if (!isObject(body)) throw invalidField('body', 'must be an object {provider, senderAddress, senderName, settings}');
  const provider = typeof body.provider === 'string' ? smsProvider(body.provider) : undefined;
  if (!provider) throw invalidField('provider', `must be one of ${SMS_PROVIDERS.map((p) => p.id).join(', ')}`);
  const values: Record<string, string> = { [MESSAGING_PROVIDER_KEY]: provider.id };
  for (const [field, key] of [['senderAddress', 'sms.senderAddress'], ['senderName', 'sms.senderName']] as const) {
    if (body[field] === undefined || body[field] === null) continue;
    if (typeof body[field] !== 'string') throw invalidField(field, 'must be a string');
    values[key] = body[field];
  }
  const settings = body.settings ?? {};
  if (!isObject(settings)) throw invalidField('settings', 'must be an object');
  for (const [name, value] of Object.entries(settings)) {
    const key = provider.keys.find((k) => k.name === name);
    if (!key) throw invalidField(`settings.${name}`, `is not a setting of provider ${provider.id}; known: ${provider.keys.map((k) => k.name).join(', ')}`);
    if (typeof value !== 'string') throw invalidField(`settings.${name}`, 'must be a string');
    values[messagingOptionKey(provider, key)] = value;
  }
  return { provider, values };
}
