import { secretsConfigSchema } from '@berth/auth';
import { baseConfigSchema, defaultTenantConfigSchema, internalPortSchema, managementTenantConfigSchema, urlSchema, z } from '@berth/config';

const MiB = 1024 * 1024;

export const registryConfigSchema = baseConfigSchema.merge(internalPortSchema(3101)).merge(secretsConfigSchema).merge(managementTenantConfigSchema).merge(defaultTenantConfigSchema).extend({
  TENANT_OPTIONS_URL: urlSchema.default('http://127.0.0.1:3103')
    .describe('Where tenant-options is: a microservice\'s settings are read from its owner\'s tenant options.'),
  BERTH_UPLOAD_MAX_BYTES: z.coerce.number().int().min(1024).default(500 * MiB)
    .describe('Largest binary upload (the file part), in bytes; larger 422.'),
  BERTH_UPLOAD_MAX_UNPACKED_BYTES: z.coerce.number().int().min(1024).default(2048 * MiB)
    .describe('Largest total of the sizes a binary\'s ZIP entries declare once unpacked, in bytes.'),
  BERTH_UPLOAD_MAX_COMPRESSION_RATIO: z.coerce.number().min(1).default(100)
    .describe('Largest ratio of unpacked to packed size of one ZIP entry above 1 MiB (zip bombs).'),
  BERTH_UPLOAD_MAX_ENTRIES: z.coerce.number().int().min(1).default(10000)
    .describe('Most entries in a binary\'s ZIP, and in a microservice\'s `image.tar`.'),
  BERTH_WEB_FILES_CACHE_BYTES: z.coerce.number().int().min(MiB).default(128 * MiB)
    .describe('Memory for the unpacked files of web applications served at `/apps/<contextPath>/`, in bytes; the least recently used application version is dropped first, and a version unpacking to more is not served (503).'),
});
export type RegistryConfig = z.infer<typeof registryConfigSchema>;
