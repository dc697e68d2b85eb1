import 'reflect-metadata';
import type { RequestListener, Server } from 'node:http';
import { DynamicModule, NestApplicationOptions } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { BaseConfig, ConfigError, loadConfig, z } from '@berth/config';
import { HttpErrorFilter, MethodIndex, registerBodyDepthLimit, registerJsonMediaTypes, registerVerbConventions, securityHeaders } from '@berth/http';
import { appDocument, Json } from '@berth/openapi';
import { Positions, workContext } from '@berth/messaging';
import { FastifyReply, FastifyRequest, LogController } from 'fastify';
import { Logger } from 'pino';
import { AppInfo } from './app-info';
import { registerApiDocumentRoute } from './http/api-document.route';
import { registerPublishedRoute } from './http/published-route';
import { AFTER_HEADER, causalFence, POSITIONS_HEADER, reportedPositions } from './messaging/causal-fence';
import { appVersion } from './app-version';
import { foreignMethods } from './http/foreign-methods';
import { RawExchanges, RawHandler } from './http/raw-exchanges';
import { clientErrorHandler } from './http/client-errors';
import { rawFirstServer, serverLimits } from './http/raw-server';
import { logRequest, requestProcessingMode } from './http/request-context';
import { configuredBase, oncePerRequest, PublicBaseOf, signedPublicBase } from './http/public-base';
import { createLogger } from './logging/create-logger';
import { correlationIdFrom } from './logging/correlation';
import { PinoNestLogger } from './logging/pino-nest-logger';
import { routeProcessWarnings } from './logging/process-warnings';
import { Metrics } from './metrics/metrics';
import { listenMetrics, registerMetricsRoute, registerRequestMetrics, RouteLabel } from './metrics/metrics-http';

export interface BootOptions<C extends BaseConfig> {
  name: string;
  schema: z.ZodType<C, z.ZodTypeDef, unknown>;
  module: (ctx: { app: AppInfo; config: C; logger: Logger; metrics: Metrics }) => DynamicModule;
  port: (config: C) => number;
  /** Passed to NestFactory.create, e.g. `{ bodyParser: false }` for a streaming proxy. */
  nestOptions?: NestApplicationOptions;
  /** Called after Nest is set up and before listening, e.g. to add raw Fastify routes. */
  beforeListen?: (app: NestFastifyApplication, config: C) => Promise<void> | void;
  /** False for the gateway: it streams the apps' answers untouched, and the apps apply them. */
  verbConventions?: boolean;
  /** When set, `/metrics` is served on this port (bound to BERTH_BIND_ADDRESS), not the app's own: for the gateway, whose port is public. */
  metricsPort?: (config: C) => number;
  /** The request metrics' route label where the route pattern says too little (the gateway's catch-all proxy). */
  routeLabel?: RouteLabel;
  /**
   * A hot path served outside Fastify (the gateway's proxy): called after `beforeListen`, its handler
   * sees every request first and leaves to Fastify those it does not take.
   */
  rawHandler?: (app: NestFastifyApplication, config: C, exchanges: RawExchanges) => RawHandler;
  /**
   * How the app decides a request's public base URL, the one its links start with; by default the
   * base the gateway signed into the request (`signedPublicBase`). The gateway, which sees the client, decides it itself.
   */
  publicBase?: (config: C) => PublicBaseOf;
  /** True for the gateway, whose port faces clients: internal apps accept 8 KiB more header bytes, for the principal and `X-Forwarded-*` it adds. */
  publicServer?: boolean;
  /**
   * The app's OpenAPI document, served at `GET /internal/openapi.json` for the gateway to merge:
   * its resource schemas by vendor media type name. False for an app without public controllers (the gateway).
   */
  api?: { schemas?: Json } | false;
}

declare module 'fastify' {
  interface FastifyRequest { publications?: Array<Promise<Positions | undefined>> }
}

/** The longest path parameter any route takes, in characters as the URL carries them (percent-escapes included). */
const MAX_PARAM_LENGTH = 8192;

/**
 * Starts a Berth app on Fastify: validated config (exit 1 with every problem named), JSON logs
 * carrying the correlation id of `X-Request-Id` (echoed in the response), graceful shutdown on
 * SIGTERM/SIGINT within `BERTH_SHUTDOWN_TIMEOUT_MS`, Prometheus metrics at `GET /metrics` (on the
 * app's port, or on `metricsPort`), the security headers on every answer, the server's limits
 * (`BERTH_HTTP_*`: body, headers, timeouts; refusals with the error resource), then listening on the app's port.
 */
export async function bootstrap<C extends BaseConfig>(options: BootOptions<C>): Promise<NestFastifyApplication> {
  let config: C;
  try {
    config = loadConfig(options.schema);
  } catch (err) {
    process.stderr.write(`${options.name}: ${(err as ConfigError).message}\n`);
    process.exit(1);
  }
  const app: AppInfo = { name: options.name, version: appVersion() };
  const logger = createLogger(app.name, config.LOG_LEVEL, config.BERTH_LOG_SYNC);
  routeProcessWarnings(logger);
  let raw: RawHandler = () => false;
  const limits = serverLimits(config, options.publicServer ?? false);
  const security = securityHeaders(config.BERTH_PUBLIC_URL);
  const methods = new MethodIndex();
  const publicBaseOf = oncePerRequest(options.publicBase?.(config) ?? signedPublicBase(config));
  const errors = new HttpErrorFilter({
    publicBase: publicBaseOf, brand: config.BERTH_BRAND, debug: config.BERTH_DEBUG_ERRORS, methods,
  });
  const adapter = new FastifyAdapter({
    serverFactory: (handler: RequestListener) => rawFirstServer(() => raw, handler, limits),
    bodyLimit: config.BERTH_HTTP_MAX_BODY_BYTES,
    // A `__proto__` (or `constructor.prototype`) key in a JSON body is dropped, not refused: the body is valid JSON.
    onProtoPoisoning: 'remove', onConstructorPoisoning: 'remove',
    // Path parameters as long as a URL may be (user names reach 1000 characters; Fastify's default is 100).
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // A URL the router refuses (a bad escape, a parameter past the limit) is answered with the error resource too.
    frameworkErrors: (err: Error, req: FastifyRequest, reply: FastifyReply) => errors.respond(err, req, reply.headers(security)),
    clientErrorHandler: clientErrorHandler(errors, security, configuredBase(config)),
    loggerInstance: logger,
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'correlationId' }),
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => correlationIdFrom(req.headers['x-request-id']),
  });
  const fastify = adapter.getInstance();
  fastify.addHook('onRoute', (route) => methods.add(route.method, route.url));
  fastify.setErrorHandler((err, req, reply) => errors.respond(err, req, reply));
  // An internal app reads its own projections only once they hold every write acknowledged before
  // the request (the gateway names them); the gateway, which faces clients, keeps its own fence.
  const readYourWrites = config.BERTH_CONSISTENCY === 'read-your-writes';
  const fenced = !options.publicServer && readYourWrites;
  fastify.addHook('onRequest', (req, reply, done) => {
    reply.headers(security);
    reply.header('x-request-id', req.id);
    let processingMode;
    try {
      processingMode = requestProcessingMode(req.method, req.headers, config.BERTH_BRAND_HEADER);
    } catch (err) {
      return done(err as Error);
    }
    const publications: Array<Promise<Positions | undefined>> = [];
    req.publications = publications;
    const caughtUp = fenced ? causalFence.admit(req.headers[AFTER_HEADER]) : undefined;
    workContext.run(
      { correlationId: req.id, processingMode, publications, publicBase: publicBaseOf(req.raw) },
      () => (caughtUp ? caughtUp.then(() => done(), done) : done()),
    );
  });
  // A write is answered once the messages it caused are published, with their positions (docs/consistency.md).
  if (readYourWrites) fastify.addHook('onSend', (req, reply, payload, done) => {
    if (!req.publications?.length) return done(null, payload);
    reportedPositions(req.publications, config.BERTH_CONSISTENCY_PUBLISH_WAIT_MS).then((positions) => {
      if (positions !== undefined) reply.header(POSITIONS_HEADER, positions);
      done(null, payload);
    }, (err: Error) => done(err));
  });
  let closing = false;
  fastify.addHook('onSend', (_req, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  if (options.verbConventions !== false) registerVerbConventions(fastify);
  registerBodyDepthLimit(fastify);
  const metrics = new Metrics(app.name);
  registerRequestMetrics(fastify, metrics, options.routeLabel);
  if (!options.metricsPort) registerMetricsRoute(fastify, metrics);
  fastify.addHook('onResponse', (req, reply, done) => {
    logRequest(logger, req.id, req.method, req.url, reply.statusCode, reply.elapsedTime);
    done();
  });

  const nest = await NestFactory.create<NestFastifyApplication>(
    options.module({ app, config, logger, metrics }), adapter, { ...options.nestOptions, logger: new PinoNestLogger(logger), abortOnError: false },
  );
  nest.useGlobalFilters(errors);
  if (fenced) registerPublishedRoute(fastify, config.BERTH_INTERNAL_KEY);
  if (options.api !== false) {
    const schemas = options.api?.schemas;
    registerApiDocumentRoute(fastify, config.BERTH_INTERNAL_KEY, async () => appDocument(nest, { title: app.name, version: app.version, brand: config.BERTH_BRAND, schemas }));
  }
  let metricsServer: Server | undefined;
  onShutdownSignal(async (signal) => {
    closing = true;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => {
      logger.error({ timeoutMs: config.BERTH_SHUTDOWN_TIMEOUT_MS }, 'shutdown took too long, exiting');
      process.exit(1);
    }, config.BERTH_SHUTDOWN_TIMEOUT_MS).unref();
    // Connections whose request was in flight at the signal turn idle later: close each as it does.
    setInterval(() => fastify.server.closeIdleConnections(), 100).unref();
    try {
      metricsServer?.close();
      await nest.close();
      logger.info('stopped');
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  });
  await options.beforeListen?.(nest, config);
  // Nest registers its own `application/json` parser while it initialises; ours replaces it afterwards.
  await nest.init();
  registerJsonMediaTypes(fastify, { rawBody: options.nestOptions?.rawBody === true });
  const exchanges = new RawExchanges({ logger, metrics, errors, security, publicBase: publicBaseOf, brandHeader: config.BERTH_BRAND_HEADER, closing: () => closing });
  const foreign = foreignMethods(exchanges);
  const own = options.rawHandler?.(nest, config, exchanges);
  raw = own ? (req, res) => own(req, res) || foreign(req, res) : foreign;
  if (options.metricsPort) {
    const metricsPort = options.metricsPort(config);
    try {
      metricsServer = await listenMetrics(metrics, metricsPort, config.BERTH_BIND_ADDRESS);
    } catch (err) {
      logger.fatal({ err, port: metricsPort }, 'the metrics port cannot be bound');
      process.exit(1);
    }
  }
  const port = options.port(config);
  await nest.listen(port, config.BERTH_BIND_ADDRESS);
  logger.info({ port, address: config.BERTH_BIND_ADDRESS, version: app.version }, `${app.name} ready`);
  return nest;
}

function onShutdownSignal(fn: (signal: NodeJS.Signals) => void) {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => fn(signal));
}
