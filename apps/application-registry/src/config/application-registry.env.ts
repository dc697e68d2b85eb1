import { secretsConfigSchema } from '@berth/auth';
import { baseConfigSchema, internalPortSchema, urlSchema, z } from '@berth/config';

const MiB = 1024 * 1024;

export const registryConfigSchema = baseConfigSchema.merge(internalPortSchema(3101)).merge(secretsConfigSchema).extend({
  /** Where tenant-options is: a microservice's settings are read from its owner's tenant options. */
  TENANT_OPTIONS_URL: urlSchema.default('http://127.0.0.1:3103'),
  /** Owner of the known applications seeded at first start (docs/api/applications.md). */
  BERTH_MANAGEMENT_TENANT: z.string().regex(/^[a-z][a-z0-9-]{1,31}$/).default('management'),
  /** Largest binary upload (the file part), in bytes. */
  BERTH_UPLOAD_MAX_BYTES: z.coerce.number().int().min(1024).default(500 * MiB),
  /** Largest total of the sizes a binary's ZIP entries declare once unpacked, in bytes. */
  BERTH_UPLOAD_MAX_UNPACKED_BYTES: z.coerce.number().int().min(1024).default(2048 * MiB),
  /** Largest ratio of unpacked to packed size of one ZIP entry above 1 MiB (zip bombs). */
  BERTH_UPLOAD_MAX_COMPRESSION_RATIO: z.coerce.number().min(1).default(100),
  /** Most entries in a binary's ZIP, and in a microservice's image.tar. */
  BERTH_UPLOAD_MAX_ENTRIES: z.coerce.number().int().min(1).default(10000),
});
export type RegistryConfig = z.infer<typeof registryConfigSchema>;
