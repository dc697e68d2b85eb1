import { z } from 'zod';

const port = z.coerce.number().int().min(1).max(65535);
const url = z.string().url();
/** A text variable that may be absent; set but empty counts as absent (as compose files leave them). */
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

/** The SASL mechanisms the Kafka client offers. */
export const SASL_MECHANISMS = ['plain', 'scram-sha-256', 'scram-sha-512'] as const;

/** Settings every Berth app shares. Defaults suit the local stack that tools/infra starts. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Write every log line before going on; by default lines are written in the background (see README). */
  BERTH_LOG_SYNC: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  BERTH_BIND_ADDRESS: z.string().min(1).default('127.0.0.1'),
  BERTH_PUBLIC_URL: url.default('http://localhost:8080'),
  MONGODB_URI: z.string().regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// URI').default('mongodb://127.0.0.1:27127/'),
  /** Each app's database is `<prefix>_<app>`; tests use their own prefix. */
  BERTH_DB_PREFIX: z.string().regex(/^[a-z][a-z0-9_]{0,30}$/).default('berth'),
  /** Put before every Kafka topic name, so several stacks can share one broker; tests use their own. */
  BERTH_TOPIC_PREFIX: z.string().regex(/^[A-Za-z0-9._-]{0,60}$/).default(''),
  KAFKA_BROKERS: z.string().min(1).default('127.0.0.1:9192')
    .transform((s) => s.split(',').map((b) => b.trim()).filter(Boolean)),
  KAFKA_SSL: z.enum(['true', 'false']).default('false').transform((v) => v === 'true')
    .describe('Connect to Kafka over TLS. The broker certificate is always verified: against KAFKA_SSL_CA_FILE when set, else against the trusted CAs of Node.js (NODE_EXTRA_CA_CERTS adds to them).'),
  KAFKA_SSL_CA_FILE: optionalText.describe('PEM file of the CA (or CAs) that signed the Kafka brokers\' certificates; trusted instead of the default CAs. Needs KAFKA_SSL=true.'),
  KAFKA_SSL_CERT_FILE: optionalText.describe('PEM file of a client certificate for Kafka brokers that require one (mutual TLS); needs KAFKA_SSL_KEY_FILE and KAFKA_SSL=true.'),
  KAFKA_SSL_KEY_FILE: optionalText.describe('PEM file of the (unencrypted) private key of KAFKA_SSL_CERT_FILE.'),
  KAFKA_SASL_MECHANISM: z.preprocess((v) => (v === '' ? undefined : v), z.enum(SASL_MECHANISMS).optional())
    .describe('SASL mechanism to authenticate to Kafka with: plain, scram-sha-256 or scram-sha-512; needs KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD. Unset: no SASL. Use it with KAFKA_SSL=true, or the password (plain) crosses the network readable.'),
  KAFKA_SASL_USERNAME: optionalText.describe('Kafka SASL user name (with KAFKA_SASL_MECHANISM).'),
  KAFKA_SASL_PASSWORD: optionalText.describe('Kafka SASL password (with KAFKA_SASL_MECHANISM).'),
  BERTH_KAFKA_TOPIC_PARTITIONS: z.coerce.number().int().min(1).max(1000).default(3)
    .describe('Partitions of each topic the apps create. An app\'s replicas share its topics\' partitions, so more replicas than partitions leave the extra ones idle. Topics that exist already are left as they are (a warning is logged when they have fewer).'),
  BERTH_KAFKA_REPLICATION_FACTOR: z.coerce.number().int().min(1).max(32).default(1)
    .describe('Replication factor of each topic the apps create; at most the number of brokers (3 on most managed Kafka services).'),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').default('redis://127.0.0.1:6389'),
  /** Adds `details` (exception class, message, stack) to error resources. Never in production. */
  BERTH_DEBUG_ERRORS: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /** How often each outbox relay looks for entries it was not told of (another replica's, a crashed process's). */
  BERTH_OUTBOX_SCAN_INTERVAL_MS: z.coerce.number().int().min(100).default(5000),
  /** Store commands taking this long or longer are logged with the shape of their filter (0: none). */
  BERTH_STORE_SLOW_MS: z.coerce.number().int().min(0).default(1000),
  BERTH_SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10000),
  /**
   * `read-your-writes` (the default): a write is answered once its messages are published, and every
   * later request sees it (docs/consistency.md); `eventual`: writes are answered at once and other
   * apps see them when their consumers get there (for comparison in `npm run bench:consistency`).
   */
  BERTH_CONSISTENCY: z.enum(['read-your-writes', 'eventual']).default('read-your-writes'),
  /** How long a write's answer waits for the messages it caused to be published, so that later requests see it (docs/consistency.md). */
  BERTH_CONSISTENCY_PUBLISH_WAIT_MS: z.coerce.number().int().min(0).default(5000),
  /** How long a request waits for the app's consumers to catch up with the writes acknowledged before it; then 503 (docs/consistency.md). */
  BERTH_CONSISTENCY_READ_WAIT_MS: z.coerce.number().int().min(0).default(5000),
  BERTH_BRAND: z.string().regex(/^[a-z0-9]+$/).default('cumulocity'),
  BERTH_BRAND_HEADER: z.string().regex(/^[A-Za-z0-9]+$/).default('Cumulocity'),
  BERTH_ENV_PREFIX: z.string().regex(/^[A-Z0-9_]+$/).default('C8Y'),
  BERTH_JWT_ISSUER: z.string().min(1).default('cumulocity'),
  /** Largest JSON (or other parsed) request body; larger ones 413. Multipart uploads have their own limit. */
  BERTH_HTTP_MAX_BODY_BYTES: z.coerce.number().int().min(1024).max(1024 ** 3).default(1024 * 1024),
  /** Largest request head (request line and headers); larger 431. Internal apps accept 8 KiB more, for what the gateway adds. */
  BERTH_HTTP_MAX_HEADER_BYTES: z.coerce.number().int().min(1024).max(1024 * 1024).default(16 * 1024),
  /** Time a client has to send a request's headers; then 408 and the connection is closed (slowloris). */
  BERTH_HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).default(20_000),
  /** Time a client has to send a whole request, body included (0: none); then 408 and the connection is closed. */
  BERTH_HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(0).default(900_000),
  /** A connection on which nothing moves either way for this long is closed (0: never). */
  BERTH_HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(0).default(300_000),
  /** How long an idle keep-alive connection stays open for the client's next request. */
  BERTH_HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(72_000),
  /** Signs the principal the gateway forwards; every app verifies it. At least 32 characters, the same in every app. */
  BERTH_INTERNAL_KEY: z.string().min(32, 'must have at least 32 characters'),
});

export type BaseConfig = z.infer<typeof baseConfigSchema>;

/**
 * The rules between several base variables, which one field's schema cannot say (Kafka's TLS and
 * SASL settings only make sense together). Applied by loadConfig to every schema that has them.
 */
export function baseConfigProblems(cfg: Partial<BaseConfig>): Array<{ variable: string; message: string }> {
  const problems: Array<{ variable: string; message: string }> = [];
  const problem = (variable: string, message: string) => problems.push({ variable, message });
  if (!cfg.KAFKA_SSL) {
    for (const name of ['KAFKA_SSL_CA_FILE', 'KAFKA_SSL_CERT_FILE', 'KAFKA_SSL_KEY_FILE'] as const) if (cfg[name]) problem(name, 'needs KAFKA_SSL=true');
  }
  if (Boolean(cfg.KAFKA_SSL_CERT_FILE) !== Boolean(cfg.KAFKA_SSL_KEY_FILE)) {
    problem(cfg.KAFKA_SSL_CERT_FILE ? 'KAFKA_SSL_KEY_FILE' : 'KAFKA_SSL_CERT_FILE', 'a client certificate needs both KAFKA_SSL_CERT_FILE and KAFKA_SSL_KEY_FILE');
  }
  if (cfg.KAFKA_SASL_MECHANISM) {
    for (const name of ['KAFKA_SASL_USERNAME', 'KAFKA_SASL_PASSWORD'] as const) if (!cfg[name]) problem(name, `is required with KAFKA_SASL_MECHANISM=${cfg.KAFKA_SASL_MECHANISM}`);
  } else {
    for (const name of ['KAFKA_SASL_USERNAME', 'KAFKA_SASL_PASSWORD'] as const) if (cfg[name]) problem(name, 'needs KAFKA_SASL_MECHANISM (plain, scram-sha-256 or scram-sha-512)');
  }
  return problems;
}

/** An internal app's own port: `PORT`, with the app's default. */
export const internalPortSchema = (fallback: number) => z.object({ PORT: port.default(fallback) });

export { port as portSchema, url as urlSchema };
