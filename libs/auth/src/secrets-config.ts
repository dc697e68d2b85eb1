import { z } from '@berth/config';
import { isSecretKey, SecretBox } from './secret-box';

const KEY_RULE = 'must be 32 bytes as base64/base64url (43-44 characters) or hex (64 characters)';

/**
 * The variables of an app that stores secrets: `BERTH_SECRETS_KEY` (the current key, required)
 * and `BERTH_SECRETS_PREVIOUS_KEYS` (comma-separated keys that still decrypt, default none).
 * Merge it into the app's config schema; a malformed key fails start-up naming the variable.
 */
export const secretsConfigSchema = z.object({
  BERTH_SECRETS_KEY: z.string().refine(isSecretKey, KEY_RULE)
    .describe('AES-256 key of the secrets stored encrypted (tenant options\' `credentials.` keys, service and bootstrap users\' passwords): 32 bytes as base64/base64url (43-44 characters) or hex (64). The same in every app that reads it.'),
  BERTH_SECRETS_PREVIOUS_KEYS: z.string().default('')
    .transform((s) => s.split(',').map((k) => k.trim()).filter(Boolean))
    .refine((keys) => keys.every(isSecretKey), `every key ${KEY_RULE}`)
    .describe('Comma-separated retired secrets keys (same format) that still decrypt; new secrets always use `BERTH_SECRETS_KEY`.'),
});
export type SecretsConfig = z.infer<typeof secretsConfigSchema>;

/** The secret box of a validated config. */
export function secretBoxFromConfig(config: SecretsConfig): SecretBox {
  return new SecretBox(config.BERTH_SECRETS_KEY, config.BERTH_SECRETS_PREVIOUS_KEYS);
}
