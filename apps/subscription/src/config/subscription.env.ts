import { baseConfigSchema, internalPortSchema, z } from '@berth/config';

export const subscriptionConfigSchema = baseConfigSchema.merge(internalPortSchema(3102));
export type SubscriptionConfig = z.infer<typeof subscriptionConfigSchema>;
