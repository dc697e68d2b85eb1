import 'reflect-metadata';
import type { RequestListener } from 'node:http';
import { DynamicModule, NestApplicationOptions } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { BaseConfig, z } from '@berth/config';
import { HttpErrorFilter, MethodIndex, registerBodyDepthLimit, registerJsonMediaTypes, registerVerbConventions, securityHeaders } from '@berth/http';
import { appDocument, Json } from '@berth/openapi';
import { Positions, workContext } from '@berth/messaging';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { registerApiDocumentRoute } from './http/api-document.route';
import { registerPublishedRoute } from './http/published-route';
import { AFTER_HEADER, causalFence, POSITIONS_HEADER, reportedPositions } from './messaging/causal-fence';
import { foreignMethods } from './http/foreign-methods';
import { RawExchanges, RawHandler } from './http/raw-exchanges';
import { AppProcess, shutdownOnSignal, startProcess } from './process';
import { clientErrorHandler } from './http/client-errors';
import { rawFirstServer, serverLimits } from './http/raw-server';
import { logRequest, requestProcessingMode } from './http/request-context';
import { configuredBase, oncePerRequest, signedPublicBase } from './http/public-base';
import { correlationIdFrom } from './logging/correlation';
import { PinoNestLogger } from './logging/pino-nest-logger';
import { registerMetricsRoute, registerRequestMetrics } from './metrics/metrics-http';

export interface BootOptions<C extends BaseConfig> {
  name: string;
  schema: z.ZodType<C, z.ZodTypeDef, unknown>;
  module: (ctx: AppProcess<C>) => DynamicModule;
  port: (config: C) => number;
  /** Passed to NestFactory.create, e.g. `{ rawBody: true }` for an app that verifies signed bodies. */
  nestOptions?: NestApplicationOptions;
  /** Called after Nest is set up and before listening, e.g. to add raw Fastify routes. */
  beforeListen?: (app: NestFastifyApplication, config: C) => Promise<void> | void;
  /**
   * The app's OpenAPI document, served at `GET /internal/openapi.json` for the gateway to merge:
   * its resource schemas by vendor media type name.
   */
  api?: { schemas?: Json };
}

declare module 'fastify' {
  interface FastifyRequest { publications?: Array<Promise<Positions | undefined>> }
}

/** The longest path parameter any route takes, in characters as the URL carries them (percent-escapes included). */
const MAX_PARAM_LENGTH = 8192;

/**
 * Starts an internal Berth app on Fastify (the gateway has a pipeline of its own): validated config
 * (exit 1 with every problem named), JSON logs carrying the correlation id of `X-Request-Id`
 * (echoed in the response), graceful shutdown on SIGTERM/SIGINT within `BERTH_SHUTDOWN_TIMEOUT_MS`,
 * Prometheus metrics at `GET /metrics`, the security headers on every answer, the server's limits
 * (`BERTH_HTTP_*`: body, headers, timeouts; refusals with the error resource), then listening on the app's port.
 */
export async function bootstrap<C extends BaseConfig>(options: BootOptions<C>): Promise<NestFastifyApplication> {
  const proc = startProcess(options.name, options.schema);
  const { app, config, logger, metrics } = proc;
  // Loaded here, not with the library: the gateway, which has a server of its own, never loads Fastify.
  const { FastifyAdapter } = await import('@nestjs/platform-fastify');
  const { LogController } = await import('fastify');
  let raw: RawHandler = () => false;
  const limits = serverLimits(config, false);
  const security = securityHeaders(config.BERTH_PUBLIC_URL);
  const methods = new MethodIndex();
  const publicBaseOf = oncePerRequest(signedPublicBase(config));
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
  // An app reads its own projections only once they hold every write acknowledged before the
  // request (the gateway names them).
  const fenced = config.BERTH_CONSISTENCY === 'read-your-writes';
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
  if (fenced) fastify.addHook('onSend', (req, reply, payload, done) => {
    if (!req.publications?.length) return done(null, payload);
    reportedPositions(req.publications, config.BERTH_CONSISTENCY_PUBLISH_WAIT_MS).then((positions) => {
      if (positions !== undefined) reply.header(POSITIONS_HEADER, positions);
      done(null, payload);
    }, (err: Error) => done(err));
  });
  let closing = () => false;
  fastify.addHook('onSend', (_req, reply, payload, done) => {
    if (closing()) reply.header('connection', 'close');
    done(null, payload);
  });
  registerVerbConventions(fastify);
  registerBodyDepthLimit(fastify);
  registerRequestMetrics(fastify, metrics);
  registerMetricsRoute(fastify, metrics);
  fastify.addHook('onResponse', (req, reply, done) => {
    logRequest(logger, req.id, req.method, req.url, reply.statusCode, reply.elapsedTime);
    done();
  });

  const nest = await NestFactory.create<NestFastifyApplication>(
    options.module(proc), adapter, { ...options.nestOptions, logger: new PinoNestLogger(logger), abortOnError: false },
  );
  nest.useGlobalFilters(errors);
  if (fenced) registerPublishedRoute(fastify, config.BERTH_INTERNAL_KEY);
  registerApiDocumentRoute(fastify, config.BERTH_INTERNAL_KEY, async () => appDocument(nest, { title: app.name, version: app.version, brand: config.BERTH_BRAND, schemas: options.api?.schemas }));
  closing = shutdownOnSignal(proc, () => fastify.server, () => nest.close());
  await options.beforeListen?.(nest, config);
  // Nest registers its own `application/json` parser while it initialises; ours replaces it afterwards.
  await nest.init();
  registerJsonMediaTypes(fastify, { rawBody: options.nestOptions?.rawBody === true });
  raw = foreignMethods(new RawExchanges({ logger, metrics, errors, security, publicBase: publicBaseOf, brandHeader: config.BERTH_BRAND_HEADER, closing }));
  const port = options.port(config);
  await nest.listen(port, config.BERTH_BIND_ADDRESS);
  logger.info({ port, address: config.BERTH_BIND_ADDRESS, version: app.version }, `${app.name} ready`);
  return nest;
}
