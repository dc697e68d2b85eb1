import { z } from 'zod';

const port = z.coerce.number().int().min(1).max(65535);
const url = z.string().url();

/** Settings every Berth app shares. Defaults suit the local stack that tools/infra starts. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BERTH_BIND_ADDRESS: z.string().min(1).default('127.0.0.1'),
  BERTH_PUBLIC_URL: url.default('http://localhost:8080'),
  MONGODB_URI: z.string().regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// URI').default('mongodb://127.0.0.1:27127/'),
  /** Each app's database is `<prefix>_<app>`; tests use their own prefix. */
  BERTH_DB_PREFIX: z.string().regex(/^[a-z][a-z0-9_]{0,30}$/).default('berth'),
  /** Put before every Kafka topic name, so several stacks can share one broker; tests use their own. */
  BERTH_TOPIC_PREFIX: z.string().regex(/^[A-Za-z0-9._-]{0,60}$/).default(''),
  KAFKA_BROKERS: z.string().min(1).default('127.0.0.1:9192')
    .transform((s) => s.split(',').map((b) => b.trim()).filter(Boolean)),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').default('redis://127.0.0.1:6389'),
  /** Adds `details` (exception class, message, stack) to error resources. Never in production. */
  BERTH_DEBUG_ERRORS: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /** How often each outbox relay looks for entries it was not told of (another replica's, a crashed process's). */
  BERTH_OUTBOX_SCAN_INTERVAL_MS: z.coerce.number().int().min(100).default(5000),
  BERTH_SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10000),
  BERTH_BRAND: z.string().regex(/^[a-z0-9]+$/).default('cumulocity'),
  BERTH_BRAND_HEADER: z.string().regex(/^[A-Za-z0-9]+$/).default('Cumulocity'),
  BERTH_ENV_PREFIX: z.string().regex(/^[A-Z0-9_]+$/).default('C8Y'),
  BERTH_JWT_ISSUER: z.string().min(1).default('cumulocity'),
  /** Signs the principal the gateway forwards; every app verifies it. At least 32 characters, the same in every app. */
  BERTH_INTERNAL_KEY: z.string().min(32, 'must have at least 32 characters'),
});

export type BaseConfig = z.infer<typeof baseConfigSchema>;

/** An internal app's own port: `PORT`, with the app's default. */
export const internalPortSchema = (fallback: number) => z.object({ PORT: port.default(fallback) });

export { port as portSchema, url as urlSchema };
