import type { Duplex } from 'node:stream';
import type { WorkContext } from '@berth/messaging';
import type { RawExchange } from '@berth/runtime';
import type { CachedPrincipal } from '../auth/credential-cache';

/** A request on its way through the gateway's pipeline (pipeline.ts), with what each step learned of it. */
export interface GatewayExchange extends RawExchange {
  /** The request's path (no query string), and its query string with the `?` (empty when none). */
  path: string; query: string;
  /** The work context every log line of the request carries (correlation id, processing mode, public base). */
  work: WorkContext;
  /** The request's public base URL (docs/api/conventions.md), decided once by the first step. */
  base: string;
  /** Who the request acts for: undefined on a public path or for an anonymous visitor. */
  auth?: CachedPrincipal;
  /** True once the answer carries its CORS headers (they are set once, refusals included). */
  corsSet?: boolean;
  /** For an HTTP upgrade (WebSocket): the client's socket and the bytes read past the request head. */
  upgrade?: { socket: Duplex; head: Buffer };
}

/** A step's word that it answered the request itself: the steps after it do not run. */
export const ANSWERED = 1 as const;

/**
 * One step of the pipeline: it returns (or resolves) nothing to let the next step run, `ANSWERED`
 * when it answered the request, or throws (rejects) to refuse it with the error resource.
 */
export type Step = (ex: GatewayExchange) => void | typeof ANSWERED | Promise<void | typeof ANSWERED>;
