import 'reflect-metadata';
import type { Server } from 'node:http';
import { NestFactory } from '@nestjs/core';
import { HttpErrorFilter, securityHeaders } from '@berth/http';
import {
  clientErrorHandler, configuredBase, HealthService, limitedServer, listenMetrics, PinoNestLogger, RawExchanges, serverLimits,
  shutdownOnSignal, startProcess,
} from '@berth/runtime';
import { AppModule } from './app.module';
import { GatewayAuth } from './auth/gateway-auth';
import { gatewayConfigSchema } from './config/gateway.env';
import { AcknowledgedWrites } from './consistency/acknowledged-writes';
import { GatewayCors } from './cors/gateway-cors';
import { registerPlatformRoute } from './discovery/platform.route';
import { registerErrorsPage } from './docs/errors-page.route';
import { registerHealthRoute } from './health/health.route';
import { registerOpenApiRoutes } from './openapi/openapi.route';
import { gatewayPipeline } from './pipeline/pipeline';
import { proxyToApp } from './proxy/app-proxy';
import { Upstreams } from './proxy/upstreams';
import { gatewayPublicBase } from './public-base/request-base';
import { GatewayRateLimit } from './rate-limit/gateway-rate-limit';
import { OwnResources } from './routing/own-resources';
import { proxyService } from './services/service-proxy';
import { ServiceRoutes } from './services/service-routes';
import { spliceServiceUpgrade } from './services/service-upgrade';
import { registerApplicationUsageRoute } from './usage/application-usage.route';
import { UsageCounter } from './usage/usage-counter';

/**
 * The gateway: Nest holds its parts (clients, caches, event consumers) and their life cycle; one
 * node:http server runs every request through the gateway's pipeline (pipeline/pipeline.ts). Its
 * metrics are served on a port of their own, since its own port faces clients.
 */
async function main() {
  const proc = startProcess('gateway', gatewayConfigSchema);
  const { app, config, logger, metrics } = proc;
  const upstreams = new Upstreams(config);
  const nest = await NestFactory.createApplicationContext(AppModule.register(proc, upstreams), { logger: new PinoNestLogger(logger), abortOnError: false });

  const own = new OwnResources();
  registerHealthRoute(own, nest.get(HealthService));
  registerPlatformRoute(own, config);
  registerApplicationUsageRoute(own, nest.get(UsageCounter), config);
  registerOpenApiRoutes(own, upstreams, config, app.version);
  registerErrorsPage(own);
  const security = securityHeaders(config.BERTH_PUBLIC_URL);
  const publicBase = gatewayPublicBase(config);
  const errors = new HttpErrorFilter({ publicBase, brand: config.BERTH_BRAND, debug: config.BERTH_DEBUG_ERRORS, methods: own.methods });
  let closing = () => false;
  const exchanges = new RawExchanges({ logger, metrics, errors, security, publicBase, brandHeader: config.BERTH_BRAND_HEADER, closing: () => closing() });
  const auth = nest.get(GatewayAuth);
  const services = nest.get(ServiceRoutes);
  const maxBodyBytes = config.BERTH_HTTP_MAX_BODY_BYTES;
  const appParts = { upstreams, credentials: auth.cache, acknowledged: nest.get(AcknowledgedWrites), logger, internalKey: config.BERTH_INTERNAL_KEY, maxBodyBytes };
  const serviceParts = { services, logger, security, maxBodyBytes };
  const pipeline = gatewayPipeline({
    exchanges, usage: nest.get(UsageCounter), cors: nest.get(GatewayCors), authenticator: auth.authenticator, limiter: nest.get(GatewayRateLimit).limiter, maxBodyBytes,
    to: {
      own, security,
      app: (ex, to) => proxyToApp(appParts, ex, to),
      service: (ex, target) => proxyService(serviceParts, ex, target),
      serviceUpgrade: (ex, target) => spliceServiceUpgrade(services, ex, target),
    },
  });

  const server = limitedServer(pipeline.request, serverLimits(config, true));
  server.on('upgrade', pipeline.upgrade);
  server.on('clientError', clientErrorHandler(errors, security, configuredBase(config)));
  let metricsServer: Server;
  try {
    metricsServer = await listenMetrics(metrics, config.BERTH_METRICS_PORT, config.BERTH_BIND_ADDRESS);
  } catch (err) {
    logger.fatal({ err, port: config.BERTH_METRICS_PORT }, 'the metrics port cannot be bound');
    process.exit(1);
  }
  closing = shutdownOnSignal(proc, () => server, async () => {
    metricsServer.close();
    await new Promise((resolve) => server.close(resolve));
    await nest.close();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.BERTH_PORT, config.BERTH_BIND_ADDRESS, resolve);
  }).catch((err: Error) => {
    logger.fatal({ err, port: config.BERTH_PORT }, 'the gateway port cannot be bound');
    process.exit(1);
  });
  logger.info({ port: config.BERTH_PORT, address: config.BERTH_BIND_ADDRESS, version: app.version }, 'gateway ready');
}

void main();
