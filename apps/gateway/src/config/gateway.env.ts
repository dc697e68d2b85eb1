import { baseConfigSchema, managementTenantConfigSchema, portSchema, urlSchema, z } from '@berth/config';
import { normalizeOrigin } from '../cors/cors-policy';
import { MAX_PER_SECOND, MAX_QUEUE } from '../rate-limit/rate-limit-options';
import { addressListSchema } from '@berth/runtime';

export const gatewayConfigSchema = baseConfigSchema.merge(managementTenantConfigSchema).extend({
  BERTH_PORT: portSchema.default(8080)
    .describe('The one public port of the platform.'),
  BERTH_METRICS_PORT: portSchema.default(9464)
    .describe('Internal port of `GET /metrics`: the public port does not serve it.'),
  APPLICATION_REGISTRY_URL: urlSchema.default('http://127.0.0.1:3101')
    .describe('Where the application registry is; the gateway forwards the routes it owns there.'),
  SUBSCRIPTION_URL: urlSchema.default('http://127.0.0.1:3102')
    .describe('Where the subscription app is; the gateway forwards the routes it owns there.'),
  TENANT_OPTIONS_URL: urlSchema.default('http://127.0.0.1:3103')
    .describe('Where tenant-options is; the gateway forwards the routes it owns there and has it verify credentials.'),
  SMS_ADAPTER_URL: urlSchema.default('http://127.0.0.1:3104')
    .describe('Where the sms-adapter is; the gateway forwards the routes it owns there.'),
  MICROSERVICE_ORCHESTRATOR_URL: urlSchema.default('http://127.0.0.1:3105')
    .describe('Where the microservice orchestrator is; the gateway forwards the routes it owns there.'),
  BERTH_UPSTREAM_CONNECTIONS: z.coerce.number().int().min(1).max(1024).default(64)
    .describe('Most keep-alive connections the gateway opens to each upstream (an internal app, a microservice instance) for the requests it forwards; its own calls to each internal app have as many more.'),
  BERTH_AUTH_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).max(86400).default(300)
    .describe('How long verified credentials stay cached when no identity event drops them first.'),
  BERTH_AUTH_CACHE_ENTRIES: z.coerce.number().int().min(1).max(10_000_000).default(100_000)
    .describe('Most verified credentials kept in one gateway process; each holds its credentials as sent when they are at most 2 KiB (a token), else their SHA-256, with the principal.'),
  BERTH_RATE_LIMIT_PER_SECOND: z.coerce.number().positive().max(MAX_PER_SECOND).default(50_000)
    .describe('Platform default of each tenant\'s requests per second, per gateway replica (tenant option `rate.limit`/`requests.per.second` overrides it).'),
  BERTH_RATE_LIMIT_QUEUE: z.coerce.number().int().min(0).max(MAX_QUEUE).default(10_000)
    .describe('Platform default of how many requests over the rate may wait per tenant (tenant option `rate.limit`/`queue.length` overrides it).'),
  BERTH_CORS_ALLOW_ORIGIN: z.string().refine((v) => v.trim() === '*' || v.split(',').every((o) => o.trim() === '' || normalizeOrigin(o.trim()) !== undefined), 'must be *, or a comma-separated list of origins scheme://host[:port]').default('*')
    .describe('CORS origins of a tenant without the option `access.control`/`allow.origin`, and of requests for no known tenant: `*`, a comma-separated list of origins, or empty for none.'),
  BERTH_CORS_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(86400).default(3600)
    .describe('How long a browser may cache the answer to a CORS preflight.'),
  BERTH_PUBLIC_URL_PINNED: z.enum(['true', 'false']).default('false').transform((v) => v === 'true')
    .describe('`true`: every link, `Location` and error `info` starts with `BERTH_PUBLIC_URL`, whatever address the request was sent to. By default links start with the address the client used (its `Host`, or what a trusted proxy reports, see `BERTH_TRUSTED_PROXIES`); `BERTH_PUBLIC_URL` is then used for a request to its own host (with its scheme and path) and for one without a valid host.'),
  BERTH_TRUSTED_PROXIES: addressListSchema()
    .describe('Comma-separated IP addresses or CIDR blocks (`10.0.0.0/8`, `::1`) of the proxies in front of the gateway. Only a request whose peer is one of them has its `Forwarded` or `X-Forwarded-Host` / `X-Forwarded-Proto` headers (the last value of each) taken for the address of its links; empty (the default) trusts none.'),
  BERTH_OPENAPI_CACHE_SECONDS: z.coerce.number().int().min(1).max(86400).default(60)
    .describe('How long the merged OpenAPI document (`/openapi.json`) is served before the apps\' documents are read again.'),
});
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
