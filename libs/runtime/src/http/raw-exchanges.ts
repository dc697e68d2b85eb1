import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { HttpErrorFilter } from '@berth/http';
import { workContext } from '@berth/messaging';
import type { ProcessingMode } from '@berth/contracts';
import type { Logger } from 'pino';
import { correlationIdFrom } from '../logging/correlation';
import type { Metrics } from '../metrics/metrics';
import type { PublicBaseOf } from './public-base';
import { logRequest, requestProcessingMode } from './request-context';

/** A raw `request` listener in front of Fastify: true when it took the request, false to leave it to Fastify. */
export type RawHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

/** A request served outside Fastify: its correlation id, and the route label its metrics carry (read once it is answered). */
export interface RawExchange {
  req: IncomingMessage; res: ServerResponse; id: string; route: string;
  /**
   * Headers every answer to the request carries (the correlation id, `Connection: close` while
   * shutting down, CORS): whoever writes the answer's head puts them in it. Set on the response one
   * by one instead, they would make Node merge every header of the head into them.
   */
  headers: Record<string, string>;
  /** The request's public base once decided (the error resource's links start with it); else decided when needed. */
  base?: string;
}

export interface RawExchangeParts {
  logger: Logger; metrics: Metrics; errors: HttpErrorFilter; security: Readonly<Record<string, string>>; brandHeader: string; closing: () => boolean;
  /** The app's rule for a request's public base (decided once per request). */
  publicBase: PublicBaseOf;
}

/**
 * Requests served outside Fastify (the gateway's pipeline, methods no route uses), with the rules of the Fastify pipeline: the
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

  /**
   * Opens an exchange: its correlation id (from `X-Request-Id`, or made) echoed, `Connection: close`
   * while shutting down, and its log line and request metrics once the answer is done.
   */
  begin(exchange: RawExchange): void {
    const started = performance.now();
    const { req, res } = exchange;
    exchange.id = correlationIdFrom(req.headers['x-request-id']);
    exchange.headers['x-request-id'] = exchange.id;
    if (this.parts.closing()) exchange.headers.connection = 'close';
    res.once('close', () => this.record(exchange, res.statusCode, performance.now() - started));
  }

  /** The log line and request metrics of an answered exchange. */
  record(exchange: RawExchange, status: number, ms: number): void {
    this.parts.metrics.request(exchange.req.method!, exchange.route, status, ms / 1000);
    logRequest(this.parts.logger, exchange.id, exchange.req.method!, exchange.req.url!, status, ms);
  }

  /** The processing mode the request asks for (docs/api/conventions.md); throws 422 on an unknown one. */
  processingMode(req: IncomingMessage): ProcessingMode {
    return requestProcessingMode(req.method, req.headers, this.parts.brandHeader);
  }

  /** Runs `handle` in the request's work context and public base; whatever it throws or rejects with is answered with the error resource. */
  serve(req: IncomingMessage, res: ServerResponse, route: string, handle: (exchange: RawExchange) => Promise<void>): void {
    const exchange: RawExchange = { req, res, id: '', route, headers: {} };
    this.begin(exchange);
    let processingMode;
    try {
      processingMode = this.processingMode(req);
    } catch (err) {
      return this.fail(exchange, err);
    }
    workContext.run(
      { correlationId: exchange.id, processingMode, publicBase: this.parts.publicBase(req) },
      () => handle(exchange).catch((err: unknown) => this.fail(exchange, err)),
    );
  }

  /** Answers an error with the error resource; once the answer has begun, only ends the connection. */
  fail(exchange: RawExchange, err: unknown): void {
    const { req, res } = exchange;
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const { status, headers, body } = this.parts.errors.render(err, req.method!, req.url!, exchange.base || this.parts.publicBase(req));
    const json = JSON.stringify(body);
    res.writeHead(status, { ...this.parts.security, ...exchange.headers, ...headers, 'content-length': Buffer.byteLength(json) }).end(json);
  }
}
