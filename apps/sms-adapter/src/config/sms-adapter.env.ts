import { baseConfigSchema, internalPortSchema, z } from '@berth/config';

export const smsAdapterConfigSchema = baseConfigSchema.merge(internalPortSchema(3104));
export type SmsAdapterConfig = z.infer<typeof smsAdapterConfigSchema>;
