import type { IncomingMessage } from 'node:http';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, ERROR_STATUS, ErrorKind } from './domain-error';
import { dependencyUnavailable, isDependencyUnavailable } from './dependency-unavailable';
import { ErrorResource, errorResource } from './error-resource';
import { mediaType } from './media-types';
import { MethodIndex } from './method-index';

export interface ErrorFilterOptions {
  /** The public base URL of a request, which the error resource's `info` starts with (docs/api/conventions.md). */
  publicBase: (req: IncomingMessage) => string;
  brand: string; debug: boolean; methods: MethodIndex;
}

const KIND_BY_STATUS = new Map<number, ErrorKind>(
  (Object.entries(ERROR_STATUS) as [ErrorKind, number][]).reverse().map(([kind, status]) => [status, kind]),
);

/**
 * Turns every error into the error resource with the error media type: DomainErrors as they
 * say, framework errors by their status (malformed JSON 400, unknown route 404, a known path
 * with another method 405, body too large 413), a store, Redis or Kafka out of reach 503 with
 * Retry-After, anything else 500 without internals unless debug is on (then `details` with the
 * real platform's field names, misspellings included).
 */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpErrorFilter');
  constructor(private readonly options: ErrorFilterOptions) {}

  catch(exception: unknown, host: ArgumentsHost) {
    const ctx = host.switchToHttp();
    this.respond(exception, ctx.getRequest<FastifyRequest>(), ctx.getResponse<FastifyReply>());
  }

  /** Also Fastify's error handler, for errors raised before a Nest handler runs (e.g. body parsing). */
  respond(exception: unknown, req: FastifyRequest, reply: FastifyReply) {
    const { status, headers, body } = this.render(exception, req.method, req.url, this.options.publicBase(req.raw));
    reply.status(status).headers(headers).send(body);
  }

  /** The answer to an error: status, headers (the error media type among them) and the error resource under `base`. Also for raw request handlers. */
  render(exception: unknown, method: string, url: string, base: string): { status: number; headers: Record<string, string>; body: ErrorResource } {
    const error = this.toDomainError(exception, method, url);
    if (error.status >= 500) this.logger.error(exception instanceof Error ? exception : String(exception));
    const body = errorResource(base, error.code, error.message);
    if (this.options.debug && exception instanceof Error) {
      body.details = { expectionClass: exception.constructor.name, exceptionMessage: exception.message, expectionStackTrace: exception.stack ?? '' };
    }
    return { status: error.status, headers: { ...error.headers, 'content-type': mediaType(this.options.brand, 'error') }, body };
  }

  private toDomainError(exception: unknown, method: string, url: string): DomainError {
    if (exception instanceof DomainError) return exception;
    if (isDependencyUnavailable(exception)) return dependencyUnavailable();
    const status = exception instanceof HttpException ? exception.getStatus() : (exception as { statusCode?: number })?.statusCode;
    if (status === 404) {
      const path = url.split('?')[0];
      const allowed = this.options.methods.allowed(path);
      if (allowed.length > 0) {
        return new DomainError('general', 'Method Not Allowed', `${method} is not allowed on ${path}`, { allow: allowed.join(', ') });
      }
      return new DomainError('general', 'Not Found', `No resource at ${method} ${path}`);
    }
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const kind = KIND_BY_STATUS.get(status) ?? 'Bad Request';
      return new DomainError('general', kind, exception instanceof Error ? exception.message : kind);
    }
    return new DomainError('general', 'Internal Error', 'The request could not be completed; it has been logged');
  }
}
