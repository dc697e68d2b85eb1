import type { IncomingMessage, ServerResponse } from 'node:http';
import { PRINCIPAL_HEADER } from '@berth/auth';
import { DomainError, limitedBody, SAFE_METHODS, serviceUnavailable } from '@berth/http';
import { AFTER_HEADER, POSITIONS_HEADER } from '@berth/runtime';
import type { AcknowledgedWrites } from '../consistency/acknowledged-writes';
import type { UpstreamApp } from '../routing/route-table';
import type { CachedPrincipal } from '../auth/credential-cache';
import type { AnswerHeaders } from './http1/answer-parser';
import { type AnswerSink, ClientGone, type ForwardPool, type ForwardRequest } from './http1/forward-pool';
import { clientResponseHeaders, forwardedAddressOf, upstreamRequestHeaders } from './forward-headers';

/** One request to pass on: where to, as which method and path, for whom. */
export interface Forwarding {
  /** `publicBase`: the request's public base URL (with `/service/<name>` for a microservice): `Location` on the upstream is rewritten to it, and X-Forwarded-Host/Proto name it. */
  pool: ForwardPool; origin: string; publicBase: string;
  method: string; path: string; requestId: string; auth?: CachedPrincipal;
  /** False: the client's `Authorization` stays behind (an internal app, which gets the principal instead). */
  credentials: boolean;
  /** `BERTH_HTTP_MAX_BODY_BYTES`: a chunked body past it is cut off with 413 (`limitedBody`). */
  maxBodyBytes: number;
  /** Request headers to add for the upstream. */
  headers?: Record<string, string>;
  /** For an internal app: the writes its answer reports, and those the request must see (docs/consistency.md). */
  acknowledged?: AcknowledgedWrites;
  /** The internal app the request goes to (it answers for its writes' positions). */
  app?: UpstreamApp;
  /** Answer headers the upstream's own override (a hosted microservice's answer gets the security headers this way). */
  answerDefaults?: Readonly<Record<string, string>>;
  /** The headers the gateway adds to every answer to the request (`RawExchange.headers`: correlation id, CORS), under the upstream's own. */
  answerHeaders: Readonly<Record<string, string>>;
}

/** True when the request carries a body to stream on. */
export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return length !== undefined && length !== '0' || req.headers['transfer-encoding'] !== undefined;
}

/**
 * Streams a request to the upstream and its answer to the client, both ways without buffering:
 * status and headers as they are, but hop-by-hop ones, and `Location` rewritten to the public base.
 * `beforeAnswer` runs (and is awaited) between the upstream's answer and the client's, and so does
 * the recording of a write's positions. Rejects before anything is answered when the upstream
 * cannot be reached; resolves when the client went away.
 */
export function forward(req: IncomingMessage, res: ServerResponse, to: Forwarding, beforeAnswer?: (status: number) => Promise<void>): Promise<void> {
  const request = upstreamRequest(req, to);
  // A write's answer waits until the other gateways hold its positions (AcknowledgedWrites).
  const write = to.acknowledged !== undefined && !SAFE_METHODS.has(request.method);
  return new Promise((resolve, reject) => to.pool.forward(request, res, new Answering(res, to, write, beforeAnswer, resolve, reject)));
}

/** Where a forwarded answer goes: its head to the client's response, after what it must wait for. */
class Answering implements AnswerSink {
  constructor(
    private readonly res: ServerResponse, private readonly to: Forwarding, private readonly write: boolean,
    private readonly beforeAnswer: ((status: number) => Promise<void>) | undefined,
    private readonly resolve: () => void, private readonly reject: (err: Error) => void,
  ) {}

  head(status: number, headers: AnswerHeaders): void | Promise<void> {
    if (!this.write && !this.beforeAnswer) this.res.writeHead(status, responseHeaders(headers, this.to));
    else return this.held(status, headers);
  }

  done(err?: Error): void {
    // A client that went away is owed no answer, and says nothing about the upstream.
    if (err && !(err instanceof ClientGone)) this.reject(err);
    else this.resolve();
  }

  private async held(status: number, headers: AnswerHeaders): Promise<void> {
    if (this.write) await this.to.acknowledged!.record(headers[POSITIONS_HEADER], this.to.app);
    await this.beforeAnswer?.(status);
    this.res.writeHead(status, responseHeaders(headers, this.to));
  }
}

/** The upstream's headers for the client, over the answer defaults and then the gateway's own headers (a `Vary` of the gateway's, CORS, goes in front of the upstream's). */
function responseHeaders(headers: AnswerHeaders, to: Forwarding): Record<string, string | string[]> {
  // A read that published something (rare) shares its positions without holding its answer.
  if (SAFE_METHODS.has(to.method)) void to.acknowledged?.record(headers[POSITIONS_HEADER], to.app);
  const out = clientResponseHeaders(headers, to.origin, to.publicBase);
  if (to.answerDefaults) addUnder(out, to.answerDefaults);
  addUnder(out, to.answerHeaders);
  return out;
}

/** Adds the headers of `under` that `out` does not have; a `Vary` in both lists those of `under` first. */
function addUnder(out: Record<string, string | string[]>, under: Readonly<Record<string, string>>): void {
  for (const name in under) {
    const had = out[name];
    if (had === undefined) out[name] = under[name];
    else if (name === 'vary') out.vary = `${under.vary}, ${String(had)}`;
  }
}

function upstreamRequest(req: IncomingMessage, to: Forwarding): ForwardRequest {
  const headers = upstreamRequestHeaders(req.headers, forwardedAddressOf(to.publicBase), req.socket.remoteAddress ?? '', to.requestId, to.credentials);
  if (to.auth) headers[PRINCIPAL_HEADER] = to.auth.token;
  if (to.headers) Object.assign(headers, to.headers);
  if (to.acknowledged?.header) headers[AFTER_HEADER] = to.acknowledged.header;
  return { method: to.method, path: to.path, headers, body: hasBody(req) ? limitedBody(req, req.headers, to.maxBodyBytes) : undefined };
}

/** The 503 for an upstream that cannot be reached. */
export function unavailable(name: string): DomainError {
  return serviceUnavailable(`${name} is not available, retry later`);
}
