import { APP_INFO, AppInfo, bootstrap, PublicBase, UNMATCHED_ROUTE } from '@berth/runtime';
import { AppModule } from './app.module';
import { registerAuthHook } from './auth/auth.hook';
import { GatewayAuth } from './auth/gateway-auth';
import { GatewayConfig, gatewayConfigSchema } from './config/gateway.env';
import { registerCorsHooks } from './cors/cors.hook';
import { GatewayCors } from './cors/gateway-cors';
import { registerPlatformRoute } from './discovery/platform.route';
import { registerOpenApiRoutes } from './openapi/openapi.route';
import { proxyPath } from './proxy/proxy-path';
import { gatewayPublicBase } from './public-base/request-base';
import { registerProxyRoute } from './proxy/proxy.route';
import { GatewayRateLimit } from './rate-limit/gateway-rate-limit';
import { registerRateLimitHook } from './rate-limit/rate-limit.hook';
import { Upstreams } from './proxy/upstreams';
import { AcknowledgedWrites } from './consistency/acknowledged-writes';
import { owningApp } from './routing/route-table';
import { ServiceRoutes } from './services/service-routes';
import { registerServiceUpgrade } from './services/service-upgrade';
import { registerApplicationUsageRoute } from './usage/application-usage.route';
import { UsageCounter } from './usage/usage-counter';
import { registerUsageHook } from './usage/usage.hook';

let upstreams: Upstreams;

void bootstrap<GatewayConfig>({
  name: 'gateway',
  schema: gatewayConfigSchema,
  module: (ctx) => AppModule.register(ctx, (upstreams = new Upstreams(ctx.config))),
  port: (config) => config.BERTH_PORT,
  nestOptions: { bodyParser: false },
  verbConventions: false,
  publicServer: true,
  api: false,
  metricsPort: (config) => config.BERTH_METRICS_PORT,
  publicBase: gatewayPublicBase,
  routeLabel: (req) => req.routeOptions.url === '/*' ? `proxy:${owningApp(req.url.split('?')[0]) ?? (req.url.startsWith('/service/') ? 'service' : UNMATCHED_ROUTE)}` : undefined,
  beforeListen: (app, config) => {
    const fastify = app.getHttpAdapter().getInstance();
    const auth = app.get(GatewayAuth);
    registerUsageHook(fastify, app.get(UsageCounter));
    registerCorsHooks(fastify, app.get(GatewayCors));
    registerAuthHook(fastify, auth.authenticator);
    registerRateLimitHook(fastify, app.get(GatewayRateLimit).limiter);
    const publicBase = app.get(PublicBase);
    registerPlatformRoute(fastify, config, publicBase);
    registerApplicationUsageRoute(fastify, app.get(UsageCounter), config, publicBase);
    registerOpenApiRoutes(fastify, upstreams, config, app.get<AppInfo>(APP_INFO).version, publicBase);
    registerProxyRoute(fastify);
    registerServiceUpgrade(fastify.server, auth.authenticator, app.get(ServiceRoutes), config, app.get(GatewayCors), gatewayPublicBase(config));
  },
  rawHandler: (app, config, exchanges) => proxyPath({
    upstreams, services: app.get(ServiceRoutes), internalKey: config.BERTH_INTERNAL_KEY, usage: app.get(UsageCounter), authenticator: app.get(GatewayAuth).authenticator,
    limiter: app.get(GatewayRateLimit).limiter, credentials: app.get(GatewayAuth).cache, exchanges, cors: app.get(GatewayCors),
    maxBodyBytes: config.BERTH_HTTP_MAX_BODY_BYTES, acknowledged: app.get(AcknowledgedWrites),
  }),
});
