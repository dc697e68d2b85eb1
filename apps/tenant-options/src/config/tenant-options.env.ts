import { baseConfigSchema, internalPortSchema, z } from '@berth/config';

export const tenantOptionsConfigSchema = baseConfigSchema.merge(internalPortSchema(3103));
export type TenantOptionsConfig = z.infer<typeof tenantOptionsConfigSchema>;
