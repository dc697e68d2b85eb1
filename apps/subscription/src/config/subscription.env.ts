import { secretsConfigSchema } from '@berth/auth';
import { baseConfigSchema, internalPortSchema, managementTenantConfigSchema, urlSchema, z } from '@berth/config';

export const subscriptionConfigSchema = baseConfigSchema.merge(internalPortSchema(3102)).merge(secretsConfigSchema).merge(managementTenantConfigSchema).extend({
  APPLICATION_REGISTRY_URL: urlSchema.default('http://127.0.0.1:3101')
    .describe('Where the registry is; a subscription to a microservice reads its current roles there.'),
});
export type SubscriptionConfig = z.infer<typeof subscriptionConfigSchema>;
