import { baseConfigSchema, internalPortSchema, z } from '@berth/config';
import { secretsConfigSchema } from '@berth/auth';
import { outboundConfigSchema } from '@berth/runtime';

export const tenantOptionsConfigSchema = baseConfigSchema.merge(internalPortSchema(3103)).merge(secretsConfigSchema).merge(outboundConfigSchema).extend({
  BERTH_MANAGEMENT_TENANT: z.string().regex(/^[a-z][a-z0-9-]{1,31}$/).default('management'),
  /** Password of `admin` in the management tenant, used only when that user is first created. */
  BERTH_ADMIN_PASSWORD: z.string().min(8, 'must have at least 8 characters').optional(),
  /** Tenant of Basic credentials that name none, when the Host header names none either; default: the management tenant. */
  BERTH_DEFAULT_TENANT: z.string().regex(/^[a-z][a-z0-9-]{1,31}$/).optional(),
  /** Failed logins in a row after which a user is locked out. */
  BERTH_LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
  /** How long a lockout lasts, and the window failures are counted in. */
  BERTH_LOGIN_LOCKOUT_SECONDS: z.coerce.number().int().min(1).max(86400).default(300),
  /** Lifetime of the tokens `POST /tenant/oauth[/token]` issues, unless option `oauth.internal/basic-token.lifespan.seconds` says otherwise. */
  BERTH_TOKEN_LIFETIME_SECONDS: z.coerce.number().int().min(60).max(30 * 86400).default(86400),
  /** How often the token signing key changes; tokens signed with older keys stay valid until they expire. */
  BERTH_TOKEN_KEY_ROTATION_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(24),
  /** How long a TFA token (from a login with a TFA code) stands in for a new code. */
  BERTH_TFA_TOKEN_SECONDS: z.coerce.number().int().min(60).max(30 * 86400).default(86400),
  /** Longest lifetime an externally signed JWT (key from a `token.publicKey` option) may have, from its `iat` or `nbf` to its `exp`. */
  BERTH_EXTERNAL_TOKEN_MAX_LIFETIME_SECONDS: z.coerce.number().int().min(60).max(30 * 86400).default(86400),
});
export type TenantOptionsConfig = z.infer<typeof tenantOptionsConfigSchema>;
