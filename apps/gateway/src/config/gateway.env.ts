import { baseConfigSchema, portSchema, urlSchema, z } from '@berth/config';
import { normalizeOrigin } from '../cors/cors-policy';
import { MAX_PER_SECOND, MAX_QUEUE } from '../rate-limit/rate-limit-options';

export const gatewayConfigSchema = baseConfigSchema.extend({
  BERTH_PORT: portSchema.default(8080),
  /** Internal port of `GET /metrics`: the public port does not serve it. */
  BERTH_METRICS_PORT: portSchema.default(9464),
  APPLICATION_REGISTRY_URL: urlSchema.default('http://127.0.0.1:3101'),
  SUBSCRIPTION_URL: urlSchema.default('http://127.0.0.1:3102'),
  TENANT_OPTIONS_URL: urlSchema.default('http://127.0.0.1:3103'),
  SMS_ADAPTER_URL: urlSchema.default('http://127.0.0.1:3104'),
  MICROSERVICE_ORCHESTRATOR_URL: urlSchema.default('http://127.0.0.1:3105'),
  /** Keep-alive connections per upstream app. */
  BERTH_UPSTREAM_CONNECTIONS: z.coerce.number().int().min(1).max(1024).default(64),
  /** How long verified credentials stay cached when no identity event drops them first. */
  BERTH_AUTH_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).max(86400).default(300),
  /** Most verified credentials kept in one gateway process. */
  BERTH_AUTH_CACHE_ENTRIES: z.coerce.number().int().min(1).max(10_000_000).default(100_000),
  /** Platform default of each tenant's requests per second, per gateway replica (tenant option `rate.limit`/`requests.per.second` overrides it). */
  BERTH_RATE_LIMIT_PER_SECOND: z.coerce.number().positive().max(MAX_PER_SECOND).default(50_000),
  /** Platform default of how many requests over the rate may wait per tenant (tenant option `rate.limit`/`queue.length` overrides it). */
  BERTH_RATE_LIMIT_QUEUE: z.coerce.number().int().min(0).max(MAX_QUEUE).default(10_000),
  /** CORS origins of a tenant without the option `access.control`/`allow.origin`, and of requests for no known tenant: `*`, a comma-separated list of origins, or empty for none. */
  BERTH_CORS_ALLOW_ORIGIN: z.string().refine((v) => v.trim() === '*' || v.split(',').every((o) => o.trim() === '' || normalizeOrigin(o.trim()) !== undefined), 'must be *, or a comma-separated list of origins scheme://host[:port]').default('*'),
  /** How long a browser may cache the answer to a CORS preflight. */
  BERTH_CORS_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(86400).default(3600),
  /** How long the merged OpenAPI document (`/openapi.json`) is served before the apps' documents are read again. */
  BERTH_OPENAPI_CACHE_SECONDS: z.coerce.number().int().min(1).max(86400).default(60),
  /** The tenant whose principals may read platform-wide figures such as the application usage. */
  BERTH_MANAGEMENT_TENANT: z.string().regex(/^[a-z][a-z0-9-]{1,31}$/).default('management'),
});
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
