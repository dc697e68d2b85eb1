import { baseConfigSchema, internalPortSchema, z } from '@berth/config';
import { secretsConfigSchema } from '@berth/auth';

export const tenantOptionsConfigSchema = baseConfigSchema.merge(internalPortSchema(3103)).merge(secretsConfigSchema).extend({
  BERTH_MANAGEMENT_TENANT: z.string().regex(/^[a-z][a-z0-9-]{1,31}$/).default('management'),
  /** Password of `admin` in the management tenant, used only when that user is first created. */
  BERTH_ADMIN_PASSWORD: z.string().min(8, 'must have at least 8 characters').optional(),
});
export type TenantOptionsConfig = z.infer<typeof tenantOptionsConfigSchema>;
