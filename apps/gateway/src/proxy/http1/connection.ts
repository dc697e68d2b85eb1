import type { ServerResponse } from 'node:http';
import { connect, Socket } from 'node:net';
import type { Readable } from 'node:stream';
import { SocketSilence } from '@berth/runtime';
import { AnswerEvents, AnswerHead, AnswerParser } from './answer-parser';
import { ClientGone, type Exchange, type ForwardPool } from './forward-pool';

/** The exchange a client's response belongs to, for the one `close` listener all responses share. */
const EXCHANGE = Symbol('exchange');
type Answered = ServerResponse & { [EXCHANGE]?: Exchange };

/** A client that went away before its answer was whole ends the exchange, and with it the upstream connection. */
function onClientClose(this: Answered): void {
  const ex = this[EXCHANGE];
  if (ex !== undefined && !ex.over) ex.connection?.fail(new ClientGone());
}

/**
 * Heads of bodyless requests waiting to be written, socket then text: the requests the gateway
 * read in one turn of the event loop go to their upstreams together once that turn's input is
 * handled (`setImmediate`): written back to back, they wake a waiting upstream once rather than
 * once each, which costs the gateway less (docs/decisions/gateway-forwarding-connections.md).
 */
const heads: Array<Socket | string> = [];

function writeHeads(): void {
  const due = heads.splice(0);
  for (let i = 0; i < due.length; i += 2) {
    const socket = due[i] as Socket;
    if (!socket.destroyed) socket.write(due[i + 1] as string, 'latin1');
  }
}

function writeHeadSoon(socket: Socket, head: string): void {
  if (heads.length === 0) setImmediate(writeHeads);
  heads.push(socket, head);
}

/**
 * One keep-alive connection of a ForwardPool: writes a request's head and streams its body,
 * reads the answer through an AnswerParser and streams its body into the client's response,
 * holding the upstream while the client cannot take more.
 */
export class Connection implements AnswerEvents {
  private readonly socket: Socket;
  private exchange: Exchange | undefined;
  private parser: AnswerParser | undefined;
  /** How long the upstream keeps this connection idle, from its last answer. */
  private upstreamIdleMs: number | undefined;
  private uses = 0;
  private error: Error | undefined;
  /** The client's response the upstream waits on, paused until it drains. */
  private draining: ServerResponse | undefined;
  private readonly drained = () => {
    this.draining = undefined;
    this.proceed();
  };
  /** Until when (a `Date.now()` time) the connection may wait idle. */
  private idleUntil = 0;
  /** True while the upstream is timed: an exchange is in flight and the gateway does not hold the upstream. */
  private timed = false;
  /** The upstream's silence as the pool's sweeps see it. */
  private readonly silence = new SocketSilence();

  constructor(private readonly pool: ForwardPool) {
    const { hostname, port, options } = pool;
    this.socket = connect({ host: hostname, port, noDelay: true });
    // Only the connecting is timed by the socket; the answer's silences are found by the pool's sweep (`sweep`).
    this.socket.setTimeout(options.connectTimeoutMs);
    this.socket.once('connect', () => this.socket.setTimeout(0));
    this.socket.on('data', (chunk: Buffer) => this.read(chunk));
    this.socket.on('timeout', () => this.timedOut());
    this.socket.on('error', (err) => { this.error = err; });
    this.socket.on('close', () => this.closed());
  }

  /** Sends `ex`'s request. */
  start(ex: Exchange): void {
    this.exchange = ex;
    ex.connection = this;
    ex.reused = this.uses++ > 0;
    this.timeFromNow();
    this.parser = new AnswerParser(this, ex.request.method === 'HEAD');
    const res = ex.res as Answered;
    if (res[EXCHANGE] === undefined) res.on('close', onClientClose);
    res[EXCHANGE] = ex;
    this.send(ex);
  }

  /** Waits idle in the pool until `until` (a `Date.now()` time); the pool closes it then, or skips it when it would take it later. */
  idle(until: number): void {
    this.idleUntil = until;
  }

  /** True when an idle connection may carry a request now: open both ways and within its idle time. */
  usableAt(now: number): boolean {
    return now < this.idleUntil && !this.socket.destroyed && this.socket.writable && !this.socket.readableEnded;
  }

  destroy(): void {
    this.socket.destroy();
  }

  /** Fails the exchange in flight when the upstream, timed, moved no byte either way for `answerTimeoutMs`; the pool's sweep calls it. */
  sweep(now: number): void {
    if (this.exchange === undefined || !this.timed || this.socket.connecting) return;
    if (this.silence.lookAt(this.socket, now) >= this.pool.options.answerTimeoutMs) this.fail(new Error(`${this.pool.origin} did not answer in time`));
  }

  /** Ends the exchange in flight with `err` and closes the connection. */
  fail(err: Error): void {
    const ex = this.exchange;
    this.exchange = undefined;
    this.socket.destroy();
    ex?.finish(err);
  }

  // AnswerEvents, from the parser.

  head(head: AnswerHead): boolean {
    const ex = this.exchange!;
    this.upstreamIdleMs = head.idleMs;
    let held;
    try {
      held = ex.sink.head(head.status, head.headers);
    } catch (err) {
      this.fail(err as Error);
      return true;
    }
    if (held === undefined) {
      ex.answering = true;
      return false;
    }
    this.hold();
    held.then(() => {
      if (this.exchange !== ex) return;
      ex.answering = true;
      this.proceed();
      this.parse(undefined);
    }, (err: Error) => { if (this.exchange === ex) this.fail(err); });
    return true;
  }

  body(chunk: Buffer): void {
    const res = this.exchange!.res;
    // One wait for the drain, however many chunks the read that filled the client's buffer held.
    if (!res.write(chunk) && this.draining === undefined) {
      this.draining = res;
      this.hold();
      res.once('drain', this.drained);
    }
  }

  end(reusable: boolean): void {
    const ex = this.exchange!;
    this.exchange = undefined;
    if (this.draining !== undefined) {
      // A response ended emits no 'drain': the connection reads again for the next exchange.
      this.draining.off('drain', this.drained);
      this.drained();
    }
    ex.res.end();
    const keep = reusable && ex.bodySent && !ex.res.destroyed;
    ex.finish();
    if (keep) this.pool.release(this, this.upstreamIdleMs);
    else this.socket.destroy();
  }

  /** Stops reading the upstream while the gateway waits (for the client to drain, or before an answer's head); the upstream is not timed meanwhile. */
  private hold(): void {
    this.socket.pause();
    this.timed = false;
  }

  private proceed(): void {
    this.timeFromNow();
    this.socket.resume();
  }

  /** Times the upstream again; its silence counts from the next sweep on, so a sweep never ends an exchange early. */
  private timeFromNow(): void {
    this.timed = true;
    this.silence.reset();
  }

  // The socket's events.

  private read(chunk: Buffer): void {
    // Bytes while no request is in flight break the framing: the connection is not used again.
    if (this.exchange === undefined) return void this.socket.destroy();
    this.parse(chunk);
  }

  /** Feeds `chunk` to the parser, or (undefined) resumes it after a held head; a malformed answer fails the exchange. */
  private parse(chunk: Buffer | undefined): void {
    try {
      if (chunk === undefined) this.parser!.resume();
      else this.parser!.feed(chunk);
    } catch (err) {
      this.fail(err as Error);
    }
  }

  /** The upstream did not accept the connection within `connectTimeoutMs`. */
  private timedOut(): void {
    if (this.exchange === undefined) this.socket.destroy();
    else this.fail(new Error(`${this.pool.origin} did not answer in time`));
  }

  private closed(): void {
    const ex = this.exchange;
    this.pool.forget(this);
    if (ex === undefined) return;
    const parser = this.parser!;
    if (!parser.started && ex.reused && ex.retryable) {
      // The upstream closed a kept connection as the request went out: it never saw it.
      this.exchange = undefined;
      ex.retried = true;
      return this.pool.dispatch(ex, true);
    }
    try {
      parser.closed();
    } catch (err) {
      this.fail(this.error ?? (err as Error));
    }
  }

  private send(ex: Exchange): void {
    const { method, path, headers, body } = ex.request;
    let head = `${method} ${path} HTTP/1.1\r\nhost: ${this.pool.host}\r\n`;
    for (const name in headers) {
      const value = headers[name];
      if (typeof value === 'string') head += `${name}: ${value}\r\n`;
      else for (const one of value) head += `${name}: ${one}\r\n`;
    }
    if (body === undefined) {
      ex.bodySent = true;
      writeHeadSoon(this.socket, `${head}\r\n`);
      return;
    }
    const chunked = headers['content-length'] === undefined;
    this.socket.write(chunked ? `${head}transfer-encoding: chunked\r\n\r\n` : `${head}\r\n`, 'latin1');
    this.stream(ex, body, chunked);
  }

  /** Streams the request's body, as it comes and no faster than the upstream takes it. */
  private stream(ex: Exchange, body: Readable, chunked: boolean): void {
    const socket = this.socket;
    const current = () => this.exchange === ex;
    const onData = (chunk: Buffer) => {
      if (!current()) return stop();
      if (chunk.length === 0) return;
      const ok = chunked ? (socket.write(`${chunk.length.toString(16)}\r\n`), socket.write(chunk), socket.write('\r\n')) : socket.write(chunk);
      if (!ok) {
        body.pause();
        socket.once('drain', () => { body.resume(); });
      }
    };
    const onEnd = () => {
      stop();
      if (!current()) return;
      if (chunked) socket.write('0\r\n\r\n');
      ex.bodySent = true;
    };
    const onError = (err: Error) => {
      stop();
      if (current()) this.fail(err);
    };
    const onClose = () => {
      if (!ex.bodySent) onError(new Error('the request body ended early'));
    };
    const stop = () => {
      body.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
    };
    ex.abandonBody = () => {
      stop();
      body.resume();
    };
    body.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  }
}
