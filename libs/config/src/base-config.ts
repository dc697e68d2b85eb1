import { z } from 'zod';

const port = z.coerce.number().int().min(1).max(65535);
const url = z.string().url();
const tenantId = z.string().regex(/^[a-z][a-z0-9-]{1,31}$/);
/** A text variable that may be absent; set but empty counts as absent (as compose files leave them). */
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

/** The SASL mechanisms the Kafka client offers. */
export const SASL_MECHANISMS = ['plain', 'scram-sha-256', 'scram-sha-512'] as const;

/**
 * Settings every Berth app shares. Defaults suit the local stack that tools/infra starts. Every field
 * carries its description (`.describe`): docs/configuration.md is generated from them.
 */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development')
    .describe('The usual Node.js mode setting.'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')
    .describe('Lowest level of the log lines the app writes (JSON lines on stdout).'),
  BERTH_LOG_SYNC: z.enum(['true', 'false']).default('false').transform((v) => v === 'true')
    .describe('`true`: write each log line to stdout before going on. By default lines are written in the background, gathered into writes of 16 KiB and at most 0.1 s late; lines left are written when the process exits, so only a SIGKILL can lose the last ones. While stdout takes nothing, at most 16 MB of lines wait and later ones are dropped.'),
  BERTH_BIND_ADDRESS: z.string().min(1).default('127.0.0.1')
    .describe('Address the app listens on (`0.0.0.0` in a container).'),
  BERTH_PUBLIC_URL: url.default('http://localhost:8080')
    .describe('Public base URL of the platform. Links, `Location` headers and the `info` of error resources start with the address each request was sent to (docs/api/conventions.md); this URL is used for a request to its own host (with its scheme and path), for one without a valid host, for every request when the gateway\'s `BERTH_PUBLIC_URL_PINNED` is `true`, and outside requests. An internal app takes a request\'s base only from the gateway, else this URL. The local stack sets it to the gateway\'s address.'),
  MONGODB_URI: z.string().regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// URI').default('mongodb://127.0.0.1:27127/')
    .describe('The store: MongoDB 7 or FerretDB (the local infra\'s default).'),
  BERTH_DB_PREFIX: z.string().regex(/^[a-z][a-z0-9_]{0,30}$/).default('berth')
    .describe('Each app\'s database is `<prefix>_<app>`; tests and benchmarks use prefixes of their own.'),
  BERTH_TOPIC_PREFIX: z.string().regex(/^[A-Za-z0-9._-]{0,60}$/).default('')
    .describe('Put before every Kafka topic name, so that several stacks can share one broker without reading each other\'s messages; the same in every app of a stack.'),
  KAFKA_BROKERS: z.string().min(1).default('127.0.0.1:9192')
    .transform((s) => s.split(',').map((b) => b.trim()).filter(Boolean))
    .describe('Kafka brokers, comma-separated `host:port`.'),
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
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').default('redis://127.0.0.1:6389')
    .describe('Redis, for the apps that use it (`redis://` or `rediss://`).'),
  BERTH_DEBUG_ERRORS: z.enum(['true', 'false']).default('false').transform((v) => v === 'true')
    .describe('`true` adds `details` (exception class, message, stack) to error resources. Never in production.'),
  BERTH_OUTBOX_SCAN_INTERVAL_MS: z.coerce.number().int().min(100).default(5000)
    .describe('How often the outbox relay looks through its collections for entries it was not told of (written by another replica or left by a crashed process). On FerretDB this reads whole collections; raise it there when collections are large.'),
  BERTH_STORE_SLOW_MS: z.coerce.number().int().min(0).default(1000)
    .describe('A store command taking this many milliseconds or more is logged at `warn` with its name, collection, duration and the shape of its filter (never values); `0` turns the watch off.'),
  BERTH_SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10000)
    .describe('Longest graceful shutdown before the process exits.'),
  BERTH_CONSISTENCY: z.enum(['read-your-writes', 'eventual']).default('read-your-writes')
    .describe('`read-your-writes`: a write is answered once its messages are published, and every later request sees it (docs/consistency.md); `eventual`: writes are answered at once and other apps see them when their consumers get there (for comparison in `npm run bench:consistency`).'),
  BERTH_CONSISTENCY_PUBLISH_WAIT_MS: z.coerce.number().int().min(0).default(5000)
    .describe('How long a write\'s answer waits for the messages it caused to be published, so that later requests see it (docs/consistency.md).'),
  BERTH_CONSISTENCY_READ_WAIT_MS: z.coerce.number().int().min(0).default(5000)
    .describe('How long a request waits for the app\'s consumers to catch up with the writes acknowledged before it; then 503 with `Retry-After` (docs/consistency.md).'),
  BERTH_BRAND: z.string().regex(/^[a-z0-9]+$/).default('cumulocity')
    .describe('Brand token in media types (`application/vnd.com.nsn.<brand>.…`).'),
  BERTH_BRAND_HEADER: z.string().regex(/^[A-Za-z0-9]+$/).default('Cumulocity')
    .describe('Brand token in header names (`X-<Brand>-Processing-Mode`, …).'),
  BERTH_ENV_PREFIX: z.string().regex(/^[A-Z0-9_]+$/).default('C8Y')
    .describe('Prefix of the environment variables given to hosted microservices (`<prefix>_BASEURL`, …).'),
  BERTH_JWT_ISSUER: z.string().min(1).default('cumulocity')
    .describe('Issuer (`iss`) of the tokens the platform signs, and the one an externally signed JWT must name.'),
  BERTH_HTTP_MAX_BODY_BYTES: z.coerce.number().int().min(1024).max(1024 ** 3).default(1024 * 1024)
    .describe('Largest JSON (or other parsed) request body; larger ones 413. Multipart uploads have their own limit.'),
  BERTH_HTTP_MAX_HEADER_BYTES: z.coerce.number().int().min(1024).max(1024 * 1024).default(16 * 1024)
    .describe('Largest request head (request line and headers); larger 431. Internal apps accept 8 KiB more, for what the gateway adds.'),
  BERTH_HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).default(20_000)
    .describe('Time a client has to send a request\'s headers; then 408 and the connection is closed (slowloris).'),
  BERTH_HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(0).default(900_000)
    .describe('Time a client has to send a whole request, body included (`0`: none); then 408 and the connection is closed. Uploads must finish within it.'),
  BERTH_HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(0).default(300_000)
    .describe('A connection on which nothing moves either way for this long, a WebSocket included, is closed (`0`: never); checked every second.'),
  BERTH_HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(72_000)
    .describe('How long an idle keep-alive connection stays open for the client\'s next request.'),
  BERTH_INTERNAL_KEY: z.string().min(32, 'must have at least 32 characters')
    .describe('Signs the principal the gateway forwards; every app verifies it. The same in every app.'),
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
export const internalPortSchema = (fallback: number) => z.object({
  PORT: port.default(fallback).describe('The app\'s internal port (`npm start` reads `<APP>_PORT`, e.g. `TENANT_OPTIONS_PORT`, and passes it on).'),
});

/** The management tenant, for the apps that give it rights of its own. */
export const managementTenantConfigSchema = z.object({
  BERTH_MANAGEMENT_TENANT: tenantId.default('management')
    .describe('Id of the management tenant: it owns the known applications, its admins manage every tenant\'s subscriptions, and only its principals read platform-wide figures such as the application usage and every microservice\'s status.'),
});

/** The tenant a request that names none acts for; the management tenant when unset. */
export const defaultTenantConfigSchema = z.object({
  BERTH_DEFAULT_TENANT: tenantId.optional()
    .describe('Tenant of Basic credentials and logins that name none when the Host header names none either, and of anonymous requests for web applications (`/apps/…`); unset: the management tenant.'),
});

export { port as portSchema, url as urlSchema, tenantId as tenantIdSchema };
