import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Dispatcher } from 'undici';
import { PRINCIPAL_HEADER } from '@berth/auth';
import { DomainError, limitedBody, SAFE_METHODS, serviceUnavailable } from '@berth/http';
import { AFTER_HEADER, POSITIONS_HEADER } from '@berth/runtime';
import type { AcknowledgedWrites } from '../consistency/acknowledged-writes';
import type { UpstreamApp } from '../routing/route-table';
import type { CachedPrincipal } from '../auth/credential-cache';
import { clientResponseHeaders, forwardedAddressOf, upstreamRequestHeaders } from './forward-headers';

/** One request to pass on: where to, as which method and path, for whom. */
export interface Forwarding {
  /** `publicBase`: the request's public base URL (with `/service/<name>` for a microservice): `Location` on the upstream is rewritten to it, and X-Forwarded-Host/Proto name it. */
  pool: Dispatcher; origin: string; publicBase: string;
  method: string; path: string; requestId: string; auth?: CachedPrincipal;
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
}

/** True when the request carries a body to stream on. */
export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return length !== undefined && length !== '0' || req.headers['transfer-encoding'] !== undefined;
}

/**
 * Streams a request to the upstream and its answer to the client, both ways without buffering:
 * status and headers as they are, but hop-by-hop ones, and `Location` rewritten to the public base.
 * `beforeAnswer` runs (and is awaited) between the upstream's answer and the client's; without it
 * the answer goes straight into the client's response (undici `stream`, no intermediate stream).
 * Rejects before anything is answered when the upstream cannot be reached.
 */
export function forward(req: IncomingMessage, res: ServerResponse, to: Forwarding, beforeAnswer?: (status: number) => Promise<void>): Promise<void> {
  const options = upstreamRequest(req, to);
  // A write's answer waits until the other gateways hold its positions (AcknowledgedWrites).
  const write = to.acknowledged !== undefined && !SAFE_METHODS.has(options.method);
  if (!beforeAnswer && !write) return to.pool.stream<Answering>({ ...options, opaque: { res, to } }, streamInto).then(nothing);
  return forwardHeld(res, to, options, write, beforeAnswer);
}

/** A streamed forward's client response and forwarding, passed to `streamInto` without a closure per request. */
interface Answering { res: ServerResponse; to: Forwarding }
const nothing = () => undefined;

/** `Pool.stream`'s factory: the answer's head goes to the client's response, which takes its body. */
function streamInto({ statusCode, headers, opaque: { res, to } }: Dispatcher.StreamFactoryData<Answering>): ServerResponse {
  res.writeHead(statusCode, responseHeaders(res, headers, to));
  return res;
}

/** A forward whose answer waits: for the positions of a write, and for `beforeAnswer`. */
async function forwardHeld(res: ServerResponse, to: Forwarding, options: Dispatcher.RequestOptions, write: boolean, beforeAnswer?: (status: number) => Promise<void>): Promise<void> {
  const upstream = await to.pool.request(options);
  if (write) await to.acknowledged!.record(upstream.headers[POSITIONS_HEADER], to.app);
  await beforeAnswer?.(upstream.statusCode);
  res.writeHead(upstream.statusCode, responseHeaders(res, upstream.headers, to));
  upstream.body.on('error', () => res.destroy()).pipe(res);
}

/** The upstream's headers for the client; a `Vary` the gateway set already (CORS) is kept in front of the upstream's. */
function responseHeaders(res: ServerResponse, headers: Record<string, string | string[] | undefined>, to: Forwarding) {
  // A read that published something (rare) shares its positions without holding its answer.
  if (SAFE_METHODS.has(to.method)) void to.acknowledged?.record(headers[POSITIONS_HEADER], to.app);
  const out = clientResponseHeaders(headers, to.origin, to.publicBase);
  const vary = out.vary === undefined ? undefined : res.getHeader('vary');
  if (vary !== undefined) out.vary = `${String(vary)}, ${String(out.vary)}`;
  return to.answerDefaults ? { ...to.answerDefaults, ...out } : out;
}

function upstreamRequest(req: IncomingMessage, to: Forwarding): Dispatcher.RequestOptions {
  const headers = upstreamRequestHeaders(req.headers, forwardedAddressOf(to.publicBase), req.socket.remoteAddress ?? '', to.requestId);
  if (to.auth) headers[PRINCIPAL_HEADER] = to.auth.token;
  if (to.headers) Object.assign(headers, to.headers);
  if (to.acknowledged?.header) headers[AFTER_HEADER] = to.acknowledged.header;
  return { method: to.method as Dispatcher.HttpMethod, path: to.path, headers, body: hasBody(req) ? limitedBody(req, req.headers, to.maxBodyBytes) : undefined };
}

/** The 503 for an upstream that cannot be reached. */
export function unavailable(name: string): DomainError {
  return serviceUnavailable(`${name} is not available, retry later`);
}
