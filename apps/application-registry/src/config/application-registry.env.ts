import { baseConfigSchema, internalPortSchema, z } from '@berth/config';

export const registryConfigSchema = baseConfigSchema.merge(internalPortSchema(3101)).extend({
  /** Owner of the known applications seeded at first start (SPEC.md "Known application names"). */
  BERTH_MANAGEMENT_TENANT: z.string().regex(/^[a-z][a-z0-9-]{1,31}$/).default('management'),
});
export type RegistryConfig = z.infer<typeof registryConfigSchema>;
