import { secretsConfigSchema } from '@berth/auth';
import { baseConfigSchema, internalPortSchema, z } from '@berth/config';

export const subscriptionConfigSchema = baseConfigSchema.merge(internalPortSchema(3102)).merge(secretsConfigSchema).extend({
  /** The tenant that may manage every tenant's subscriptions. */
  BERTH_MANAGEMENT_TENANT: z.string().regex(/^[a-z][a-z0-9-]{1,31}$/).default('management'),
});
export type SubscriptionConfig = z.infer<typeof subscriptionConfigSchema>;
