import { baseConfigSchema, internalPortSchema, z } from '@berth/config';

export const registryConfigSchema = baseConfigSchema.merge(internalPortSchema(3101));
export type RegistryConfig = z.infer<typeof registryConfigSchema>;
