import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { silenceSweepMs } from '@berth/runtime';
import type { AnswerHeaders } from './answer-parser';
import { Connection } from './connection';

/** A request to forward: headers as they go (no `Host`, which is the upstream's, nor hop-by-hop ones), the body streamed. */
export interface ForwardRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[]>;
  /** Streamed as it comes: framed by the headers' `content-length`, else chunked. */
  body?: Readable;
}

/** Who hears of an exchange's answer. */
export interface AnswerSink {
  /** The answer's head: writes it to the client's response, or throws; a promise holds the body until it settles. */
  head(status: number, headers: AnswerHeaders): void | Promise<void>;
  /**
   * The exchange is over; without an error when the whole answer went into the client's response.
   * An error before `head` leaves that response untouched; one after it has destroyed it.
   */
  done(err?: Error): void;
}

export interface ForwardPoolOptions {
  /** Most connections open to the upstream at once; more requests wait for one. */
  connections: number;
  /** Longest time a connection stays open idle (less when the upstream's `Keep-Alive` says it keeps it for less). */
  idleMs: number;
  connectTimeoutMs: number;
  /** Longest silence of the upstream while its answer is awaited or read. */
  answerTimeoutMs: number;
}

/** The client went away before its answer was whole: the exchange ends, and nothing more is owed to anyone. */
export class ClientGone extends Error {
  constructor() {
    super('the client went away');
  }
}

/** One request in flight, from its dispatch to its end. */
export class Exchange {
  /** True once the request's body (if any) has been sent whole. */
  bodySent = false;
  /** True once the exchange went to a second connection after a kept one turned out closed. */
  retried = false;
  /** True once the answer's head was written to the client. */
  answering = false;
  /** True once the exchange is over. */
  over = false;
  /** The connection it is on; `reused` when that connection carried an exchange before. */
  connection: Connection | undefined;
  reused = false;
  /** Stops sending the request's body, and lets the rest of it run off (the client's connection can then go on). */
  abandonBody: (() => void) | undefined;

  constructor(readonly request: ForwardRequest, readonly res: ServerResponse, readonly sink: AnswerSink) {}

  /** True when a failure before any answer may be tried again: nothing of it can have been acted on twice (no body, a safe method). */
  get retryable(): boolean {
    const { method, body } = this.request;
    return !this.retried && body === undefined && (method === 'GET' || method === 'HEAD' || method === 'OPTIONS');
  }

  finish(err?: Error): void {
    if (this.over) return;
    this.over = true;
    if (!this.bodySent) this.abandonBody?.();
    if (err !== undefined && this.answering) this.res.destroy(err);
    this.sink.done(err);
  }
}

/**
 * The gateway's keep-alive HTTP/1.1 connections to one upstream origin, for the requests it
 * forwards (docs/decisions/gateway-forwarding-connections.md): at most `connections` open, the
 * most recently used taken first, each carrying one exchange at a time. A request that found a
 * kept connection closed by the upstream goes once more on a new one, when that cannot repeat its
 * effect.
 */
export class ForwardPool {
  readonly hostname: string;
  readonly port: number;
  /** The `Host` header the upstream gets. */
  readonly host: string;
  private readonly idle: Connection[] = [];
  /** Every open connection, busy or idle, for the sweep. */
  private readonly connections = new Set<Connection>();
  private readonly waiting: Exchange[] = [];
  private open = 0;
  private closing: (() => void) | undefined;
  private closed: Promise<void> | undefined;
  /** Closes the connections idle past their time and ends the exchanges whose upstream is silent past `answerTimeoutMs`. */
  private readonly sweeper: NodeJS.Timeout;

  constructor(readonly origin: string, readonly options: ForwardPoolOptions) {
    const url = new URL(origin);
    if (url.protocol !== 'http:') throw new Error(`the gateway forwards over http only, not ${url.protocol} (${origin})`);
    this.hostname = url.hostname.replace(/^\[|\]$/g, '');
    this.port = Number(url.port || 80);
    this.host = url.host;
    this.sweeper = setInterval(() => this.sweep(), silenceSweepMs(options.answerTimeoutMs)).unref();
  }

  /** Sends `request`; its answer goes into `res`, and `sink` hears of its head and its end. */
  forward(request: ForwardRequest, res: ServerResponse, sink: AnswerSink): void {
    this.dispatch(new Exchange(request, res, sink));
  }

  /** Connections open now (busy and idle), for tests and metrics. */
  get size(): number {
    return this.open;
  }

  /** Closes the idle connections and each busy one once its answer is done; resolves when none is left. */
  close(): Promise<void> {
    this.closed ??= new Promise<void>((resolve) => {
      this.closing = resolve;
      clearInterval(this.sweeper);
      for (const ex of this.waiting.splice(0)) ex.finish(new Error(`the pool of ${this.origin} is closed`));
      for (const conn of this.idle.splice(0)) conn.destroy();
      if (this.open === 0) resolve();
    });
    return this.closed;
  }

  /** @internal Sends `ex` on a kept connection, a new one, or once one is free; `fresh` for a retry, which a kept one may fail again. */
  dispatch(ex: Exchange, fresh = false): void {
    if (this.closing) return ex.finish(new Error(`the pool of ${this.origin} is closed`));
    const kept = fresh ? undefined : this.keptConnection();
    if (kept) return kept.start(ex);
    if (this.open < this.options.connections) {
      this.open++;
      const conn = new Connection(this);
      this.connections.add(conn);
      return conn.start(ex);
    }
    if (fresh) this.waiting.unshift(ex);
    else this.waiting.push(ex);
  }

  /** @internal `conn` is free again: it takes the next waiting exchange, or waits idle for at most `idleMs`. */
  release(conn: Connection, upstreamIdleMs: number | undefined): void {
    const next = this.nextWaiting();
    if (next) return conn.start(next);
    // A second less than the upstream's own limit, so the gateway never sends on a connection the upstream is closing.
    const idleMs = Math.min(this.options.idleMs, upstreamIdleMs === undefined ? Infinity : upstreamIdleMs - 1000);
    if (this.closing || idleMs <= 0) return conn.destroy();
    conn.idle(Date.now() + idleMs);
    this.idle.push(conn);
  }

  /** The most recently used idle connection that can still carry a request; those past their time, or closing, are closed. */
  private keptConnection(): Connection | undefined {
    if (this.idle.length === 0) return undefined;
    const now = Date.now();
    let conn = this.idle.pop();
    while (conn !== undefined && !conn.usableAt(now)) {
      conn.destroy();
      conn = this.idle.pop();
    }
    return conn;
  }

  private sweep(): void {
    const now = Date.now();
    for (const conn of this.idle) if (!conn.usableAt(now)) conn.destroy();
    for (const conn of this.connections) conn.sweep(now);
  }

  /** @internal `conn` has closed. */
  forget(conn: Connection): void {
    this.open--;
    this.connections.delete(conn);
    const at = this.idle.indexOf(conn);
    if (at !== -1) this.idle.splice(at, 1);
    const next = this.nextWaiting();
    if (next) this.dispatch(next);
    else if (this.open === 0) this.closing?.();
  }

  private nextWaiting(): Exchange | undefined {
    let ex = this.waiting.shift();
    // A client that went away while it waited needs no connection.
    while (ex !== undefined && ex.res.destroyed) {
      ex.finish(new ClientGone());
      ex = this.waiting.shift();
    }
    return ex;
  }
}
