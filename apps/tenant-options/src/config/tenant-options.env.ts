import { baseConfigSchema, defaultTenantConfigSchema, internalPortSchema, managementTenantConfigSchema, z } from '@berth/config';
import { secretsConfigSchema } from '@berth/auth';
import { outboundConfigSchema } from '@berth/runtime';

export const tenantOptionsConfigSchema = baseConfigSchema.merge(internalPortSchema(3103)).merge(secretsConfigSchema).merge(outboundConfigSchema).merge(managementTenantConfigSchema).merge(defaultTenantConfigSchema).extend({
  BERTH_ADMIN_PASSWORD: z.string().min(8, 'must have at least 8 characters').optional()
    .describe('Password of `admin` in the management tenant, used only when that user is first created (`npm start` generates one under `.local/secrets`).'),
  BERTH_LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(5)
    .describe('Failed logins in a row after which a user is locked out.'),
  BERTH_LOGIN_LOCKOUT_SECONDS: z.coerce.number().int().min(1).max(86400).default(300)
    .describe('How long a lockout lasts, and the window failures are counted in.'),
  BERTH_TOKEN_LIFETIME_SECONDS: z.coerce.number().int().min(60).max(30 * 86400).default(86400)
    .describe('Lifetime of the tokens `POST /tenant/oauth[/token]` issues, unless the tenant option `oauth.internal`/`basic-token.lifespan.seconds` says otherwise.'),
  BERTH_TOKEN_KEY_ROTATION_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(24)
    .describe('How often the token signing key changes; tokens signed with older keys stay valid until they expire.'),
  BERTH_TFA_TOKEN_SECONDS: z.coerce.number().int().min(60).max(30 * 86400).default(86400)
    .describe('How long a TFA token (answered by a login that passed a TFA code) stands in for a new code.'),
  BERTH_EXTERNAL_TOKEN_MAX_LIFETIME_SECONDS: z.coerce.number().int().min(60).max(30 * 86400).default(86400)
    .describe('Longest lifetime an externally signed JWT (key from a `token.publicKey` option) may have, from the later of its `iat` and `nbf` to its `exp`; a longer one is refused with 401.'),
});
export type TenantOptionsConfig = z.infer<typeof tenantOptionsConfigSchema>;
