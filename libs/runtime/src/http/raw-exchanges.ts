import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { HttpErrorFilter } from '@berth/http';
import { workContext } from '@berth/messaging';
import type { Logger } from 'pino';
import { correlationIdFrom } from '../logging/correlation';
import type { Metrics } from '../metrics/metrics';
import type { PublicBaseOf } from './public-base';
import { logRequest, requestProcessingMode } from './request-context';

/** A raw `request` listener in front of Fastify: true when it took the request, false to leave it to Fastify. */
export type RawHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

/** A request a raw handler serves, with its correlation id. */
export interface RawExchange { req: IncomingMessage; res: ServerResponse; id: string }

export interface RawExchangeParts {
  logger: Logger; metrics: Metrics; errors: HttpErrorFilter; security: Readonly<Record<string, string>>; brandHeader: string; closing: () => boolean;
  /** The app's rule for a request's public base (decided once per request). */
  publicBase: PublicBaseOf;
}

/**
 * What a hot path served outside Fastify keeps of the Fastify pipeline, with the same rules: the
 * correlation id (from `X-Request-Id` or made, echoed, in the work context of every log line), the
 * request's public base (`PublicBase`), the
 * processing mode (422 on an unknown one), `Connection: close` while shutting down, the error
 * resource with the security headers for every error, and for every answered request its log line and request metrics.
 */
export class RawExchanges {
  constructor(private readonly parts: RawExchangeParts) {}

  get logger(): Logger { return this.parts.logger; }

  /** The security headers (`securityHeaders` of libs/http) for answers the raw handler writes itself; forwarded answers carry the app's. */
  get security(): Readonly<Record<string, string>> { return this.parts.security; }

  /** The request's public base URL (`PublicBaseOf`). */
  publicBase(req: IncomingMessage): string { return this.parts.publicBase(req); }

  /** Runs `handle` in the request's work context and public base; whatever it throws or rejects with is answered with the error resource. */
  serve(req: IncomingMessage, res: ServerResponse, route: string, handle: (exchange: RawExchange) => Promise<void>): void {
    const started = performance.now();
    const { logger, metrics, brandHeader } = this.parts;
    const exchange: RawExchange = { req, res, id: correlationIdFrom(req.headers['x-request-id']) };
    res.setHeader('x-request-id', exchange.id);
    if (this.parts.closing()) res.setHeader('connection', 'close');
    res.once('close', () => {
      const ms = performance.now() - started;
      metrics.request(req.method!, route, res.statusCode, ms / 1000);
      logRequest(logger, exchange.id, req.method!, req.url!, res.statusCode, ms);
    });
    let processingMode;
    try {
      processingMode = requestProcessingMode(req.method, req.headers, brandHeader);
    } catch (err) {
      return this.fail(exchange, err);
    }
    workContext.run(
      { correlationId: exchange.id, processingMode, publicBase: this.parts.publicBase(req) },
      () => handle(exchange).catch((err: unknown) => this.fail(exchange, err)),
    );
  }

  /** Answers an error with the error resource; once the answer has begun, only ends the connection. */
  fail({ req, res }: RawExchange, err: unknown): void {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const { status, headers, body } = this.parts.errors.render(err, req.method!, req.url!, this.parts.publicBase(req));
    const json = JSON.stringify(body);
    res.writeHead(status, { ...this.parts.security, ...headers, 'content-length': Buffer.byteLength(json) }).end(json);
  }
}
