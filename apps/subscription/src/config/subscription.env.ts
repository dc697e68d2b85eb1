import { secretsConfigSchema } from '@berth/auth';
import { baseConfigSchema, internalPortSchema, urlSchema, z } from '@berth/config';

export const subscriptionConfigSchema = baseConfigSchema.merge(internalPortSchema(3102)).merge(secretsConfigSchema).extend({
  /** The tenant that may manage every tenant's subscriptions. */
  BERTH_MANAGEMENT_TENANT: z.string().regex(/^[a-z][a-z0-9-]{1,31}$/).default('management'),
  /** Where the registry is; a subscription to a microservice reads its current roles there. */
  APPLICATION_REGISTRY_URL: urlSchema.default('http://127.0.0.1:3101'),
});
export type SubscriptionConfig = z.infer<typeof subscriptionConfigSchema>;
