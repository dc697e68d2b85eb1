/** Headers of an answer, names in lower case; a name sent more than once holds its values in order. */
export type AnswerHeaders = Record<string, string | string[]>;

/** The head of an upstream's answer, and what it says about the connection. */
export interface AnswerHead {
  status: number;
  headers: AnswerHeaders;
  /** False when the connection ends with this answer (`Connection: close`, HTTP/1.0, a body that runs to the close). */
  keepAlive: boolean;
  /** How long the upstream keeps an idle connection open (`Keep-Alive: timeout=<s>`), in ms; undefined when it does not say. */
  idleMs: number | undefined;
}

/** What a parser tells its reader, in order: one head, the body's bytes, the end. */
export interface AnswerEvents {
  /** Returns true to hold the body: the parser keeps what follows until `resume`. */
  head(head: AnswerHead): boolean;
  body(chunk: Buffer): void;
  /** The answer is whole; `reusable` when the connection may carry another request. */
  end(reusable: boolean): void;
}

/** An answer that breaks HTTP/1.1's framing or syntax (RFC 9112); the connection is not used again. */
export class MalformedAnswer extends Error {
  constructor(why: string) {
    super(`malformed upstream answer: ${why}`);
  }
}

/** The longest answer head the gateway reads (status line and headers). */
export const MAX_HEAD_BYTES = 64 * 1024;
const MAX_CHUNK_LINE = 1024;

const enum State { Head, Length, ChunkSize, ChunkData, ChunkEnd, Trailers, UntilClose, Done }

const EMPTY = Buffer.alloc(0);
const CRLF_CRLF = Buffer.from('\r\n\r\n');
const DIGITS = /^\d{1,15}$/;
const HEX = /^[0-9A-Fa-f]{1,12}$/;
const KEEP_ALIVE_TIMEOUT = /(?:^|[,;\s])timeout\s*=\s*(\d{1,9})/i;

/**
 * Reads one upstream's answer to one request off its connection, strictly (RFC 9112): interim 1xx
 * answers skipped, the body framed by `Content-Length`, `chunked` or the connection's close, and
 * none after HEAD, 204 and 304. Anything ambiguous (both framings, differing lengths, folded
 * lines, stray characters) throws `MalformedAnswer` rather than guessing where the answer ends.
 */
export class AnswerParser {
  private state = State.Head;
  private headBytes: Buffer | undefined;
  private left = 0;
  private line = '';
  private keepAlive = true;
  private held: Buffer | undefined;
  /** The connection closed while the body was held: read once what arrived before it is. */
  private closedWhileHeld = false;
  private received = false;

  /** `bodyless`: the request was HEAD, so the answer has no body whatever its headers say. */
  constructor(private readonly events: AnswerEvents, private readonly bodyless: boolean) {}

  /** True once the answer's first byte has arrived. */
  get started(): boolean {
    return this.received;
  }

  /** True once the whole answer has been read. */
  get done(): boolean {
    return this.state === State.Done;
  }

  /** Reads `chunk`; throws `MalformedAnswer`. Bytes past the answer make the connection not reusable. */
  feed(chunk: Buffer): void {
    this.received = true;
    if (this.held !== undefined) {
      this.held = Buffer.concat([this.held, chunk]);
      return;
    }
    let at = 0;
    while (at < chunk.length) {
      switch (this.state) {
        case State.Head: {
          const rest = at === 0 ? chunk : chunk.subarray(at);
          const bytes = this.headBytes ? Buffer.concat([this.headBytes, rest]) : rest;
          const end = bytes.indexOf(CRLF_CRLF);
          if (end === -1 || end > MAX_HEAD_BYTES) {
            if (bytes.length > MAX_HEAD_BYTES) throw new MalformedAnswer(`head longer than ${MAX_HEAD_BYTES} bytes`);
            this.headBytes = bytes;
            return;
          }
          this.headBytes = undefined;
          chunk = bytes;
          at = end + 4;
          const head = this.readHead(bytes.toString('latin1', 0, end));
          if (head === undefined) continue;
          if (this.events.head(head)) {
            this.held = chunk.subarray(at);
            return;
          }
          if (this.done) this.finish(at < chunk.length);
          break;
        }
        case State.Length:
          at = this.passOn(chunk, at);
          if (this.left === 0) this.finish(at < chunk.length);
          break;
        case State.UntilClose:
          this.events.body(at === 0 ? chunk : chunk.subarray(at));
          return;
        case State.ChunkSize:
        case State.ChunkEnd:
        case State.Trailers: {
          const lf = chunk.indexOf(10, at);
          const part = chunk.toString('latin1', at, lf === -1 ? chunk.length : lf);
          if (this.line.length + part.length > MAX_CHUNK_LINE) throw new MalformedAnswer('chunk line too long');
          this.line += part;
          if (lf === -1) return;
          at = lf + 1;
          const line = this.line;
          this.line = '';
          if (!line.endsWith('\r') || line.indexOf('\r') !== line.length - 1) throw new MalformedAnswer('bare CR or LF in chunked framing');
          this.readChunkLine(line.slice(0, -1));
          if (this.done) this.finish(at < chunk.length);
          break;
        }
        case State.ChunkData:
          at = this.passOn(chunk, at);
          if (this.left === 0) this.state = State.ChunkEnd;
          break;
        case State.Done:
          // Bytes past the answer: the connection's framing cannot be trusted any more.
          this.keepAlive = false;
          return;
      }
    }
  }

  /** Goes on after a held head; what arrived meanwhile is read first, then a close that came meanwhile. */
  resume(): void {
    const held = this.held ?? EMPTY;
    this.held = undefined;
    if (this.state === State.Done) this.finish(held.length > 0);
    else if (held.length > 0) this.feed(held);
    if (this.closedWhileHeld) this.closed();
  }

  /** The upstream closed the connection: the end of a body that runs to the close, else `MalformedAnswer` (an answer cut short). */
  closed(): void {
    if (this.held !== undefined) {
      // The whole answer may be among the held bytes: it is read on `resume`, on a connection not used again.
      this.closedWhileHeld = true;
      this.keepAlive = false;
      return;
    }
    if (this.state === State.UntilClose) {
      this.state = State.Done;
      this.events.end(false);
    } else if (this.state !== State.Done) {
      throw new MalformedAnswer('the connection closed before the answer was complete');
    }
  }

  /** Passes on as much of `chunk`, from `at`, as is `left` of the body (or of its chunk); returns where it stopped. */
  private passOn(chunk: Buffer, at: number): number {
    const n = Math.min(this.left, chunk.length - at);
    this.events.body(at === 0 && n === chunk.length ? chunk : chunk.subarray(at, at + n));
    this.left -= n;
    return at + n;
  }

  private finish(extraBytes: boolean): void {
    this.state = State.Done;
    this.events.end(this.keepAlive && !extraBytes);
  }

  /** The head's status and headers, and the body's framing; undefined for an interim (1xx) answer, which is skipped. */
  private readHead(text: string): AnswerHead | undefined {
    let eol = text.indexOf('\r\n');
    if (eol === -1) eol = text.length;
    const code = statusCode(text, eol);
    if (code < 200) {
      if (code === 101) throw new MalformedAnswer('101 Switching Protocols to a request that asked for no upgrade');
      return undefined;
    }
    const headers: AnswerHeaders = {};
    let length: string | undefined;
    let coding: string | undefined;
    let connection = '';
    let idleMs: number | undefined;
    // Line by line, without splitting the head: a line ends at CRLF; a bare CR or LF is a control character in it.
    for (let at = eol + 2; at < text.length;) {
      let end = text.indexOf('\r\n', at);
      if (end === -1) end = text.length;
      const colon = text.indexOf(':', at);
      if (colon <= at || colon >= end) throw new MalformedAnswer('header line without a name');
      const lower = knownName(text, at, colon) ?? nameOf(text, at, colon);
      const value = trimOws(text, colon + 1, end);
      if (hasControl(value, 0, value.length)) throw new MalformedAnswer(`bad character in header ${text.slice(at, colon)}`);
      at = end + 2;
      const had = headers[lower];
      // A name like `constructor` reads the prototype's: a header like any other all the same.
      if (had === undefined || !Object.hasOwn(headers, lower)) setField(headers, lower, value);
      else headers[lower] = typeof had === 'string' ? [had, value] : [...had, value];
      if (lower === 'content-length') length = length === undefined ? value : `${length},${value}`;
      else if (lower === 'transfer-encoding') coding = coding === undefined ? value : `${coding},${value}`;
      else if (lower === 'connection') connection += `,${value.toLowerCase()}`;
      else if (lower === 'keep-alive') idleMs = keepAliveMs(value);
    }
    // HTTP/1.1 keeps the connection unless it says `close`; HTTP/1.0 closes it unless it says `keep-alive`.
    this.keepAlive = text.charCodeAt(7) === 49 ? !hasToken(connection, 'close') : hasToken(connection, 'keep-alive');
    this.frame(code, length, coding);
    if (this.state === State.UntilClose) this.keepAlive = false;
    return { status: code, headers, keepAlive: this.keepAlive, idleMs };
  }

  /** Where the body ends (RFC 9112, 6.3). */
  private frame(code: number, length: string | undefined, coding: string | undefined): void {
    if (coding !== undefined && length !== undefined) throw new MalformedAnswer('both Content-Length and Transfer-Encoding');
    if (this.bodyless || code === 204 || code === 304) {
      this.state = State.Done;
    } else if (coding !== undefined) {
      if (coding.trim().toLowerCase() !== 'chunked') throw new MalformedAnswer(`unsupported Transfer-Encoding "${coding}"`);
      this.state = State.ChunkSize;
    } else if (length !== undefined) {
      const values = length.includes(',') ? length.split(',').map((v) => v.trim()) : [length];
      if (!values.every((v) => v === values[0]) || !DIGITS.test(values[0])) throw new MalformedAnswer('bad Content-Length');
      this.left = Number(values[0]);
      this.state = this.left === 0 ? State.Done : State.Length;
    } else {
      this.state = State.UntilClose;
    }
  }

  private readChunkLine(line: string): void {
    if (this.state === State.ChunkEnd) {
      if (line !== '') throw new MalformedAnswer('chunk longer than its size');
      this.state = State.ChunkSize;
    } else if (this.state === State.Trailers) {
      // Trailer fields are not passed on; the empty line ends the answer.
      if (line === '') this.state = State.Done;
    } else {
      const semicolon = line.indexOf(';');
      const size = (semicolon === -1 ? line : line.slice(0, semicolon)).trimEnd();
      if (!HEX.test(size)) throw new MalformedAnswer('bad chunk size');
      this.left = parseInt(size, 16);
      this.state = this.left === 0 ? State.Trailers : State.ChunkData;
    }
  }
}

/**
 * The status code of the status line that ends at `eol`: `HTTP/1.0` or `HTTP/1.1`, a space, three
 * digits (the first 1–5), then the end or a space and a reason phrase (which is not passed on).
 */
function statusCode(text: string, eol: number): number {
  const d1 = text.charCodeAt(9) - 48;
  const d2 = text.charCodeAt(10) - 48;
  const d3 = text.charCodeAt(11) - 48;
  const version = text.charCodeAt(7);
  if (!text.startsWith('HTTP/1.') || (version !== 48 && version !== 49) || text.charCodeAt(8) !== 32
    || !(d1 >= 1 && d1 <= 5) || !(d2 >= 0 && d2 <= 9) || !(d3 >= 0 && d3 <= 9) || (eol !== 12 && text.charCodeAt(12) !== 32)
    || hasControl(text, 12, eol)) {
    throw new MalformedAnswer('bad status line');
  }
  return d1 * 100 + d2 * 10 + d3;
}

/** The characters of a token (RFC 9110, 5.6.2), by char code. */
const TOKEN_CHARS = new Uint8Array(128);
for (const c of "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") TOKEN_CHARS[c.charCodeAt(0)] = 1;

/**
 * Header names as upstreams spell them (Node's own capitalized, frameworks' lower case), with their
 * lower case, by length: a line that starts with one of them is read without making a string of
 * its name, which with the name's lookup was most of the cost of a head.
 */
const KNOWN_NAMES: Array<Array<readonly [spelled: string, lower: string]>> = [];
for (const lower of [
  'content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'vary', 'etag', 'location',
  'cache-control', 'last-modified', 'x-request-id', 'x-content-type-options', 'x-frame-options', 'content-security-policy',
  'referrer-policy', 'x-berth-positions',
]) {
  const capitalized = lower.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase());
  for (const spelled of new Set([lower, capitalized])) (KNOWN_NAMES[lower.length] ??= []).push([spelled, lower]);
}

/** The lower case of the header name from `start` to `end` when it is spelled as one of KNOWN_NAMES. */
function knownName(text: string, start: number, end: number): string | undefined {
  const candidates = KNOWN_NAMES[end - start];
  if (candidates === undefined) return undefined;
  for (const [spelled, lower] of candidates) if (text.startsWith(spelled, start)) return lower;
  return undefined;
}

/** The lower case of any other header name; `MalformedAnswer` when it is no token. */
function nameOf(text: string, start: number, end: number): string {
  if (!isToken(text, start, end)) throw new MalformedAnswer('bad header name (or a folded line)');
  return text.slice(start, end).toLowerCase();
}

/** The last `Keep-Alive` value read and what it says: an upstream sends the same one with every answer. */
let lastKeepAlive = { value: '', ms: undefined as number | undefined };

/** How long a `Keep-Alive` value says the upstream keeps an idle connection (`timeout=<s>`), in ms. */
function keepAliveMs(value: string): number | undefined {
  if (value !== lastKeepAlive.value) {
    const timeout = KEEP_ALIVE_TIMEOUT.exec(value);
    lastKeepAlive = { value, ms: timeout ? Number(timeout[1]) * 1000 : undefined };
  }
  return lastKeepAlive.ms;
}

/** True when `text` from `start` to `end` is a non-empty token. */
function isToken(text: string, start: number, end: number): boolean {
  if (start === end) return false;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c > 127 || TOKEN_CHARS[c] === 0) return false;
  }
  return true;
}

/** `line` from `from` to `to` without the optional white space (space, tab) around a header value. */
function trimOws(line: string, from: number, to: number): string {
  let start = from;
  let end = to;
  while (start < end && (line.charCodeAt(start) === 32 || line.charCodeAt(start) === 9)) start++;
  while (end > start && (line.charCodeAt(end - 1) === 32 || line.charCodeAt(end - 1) === 9)) end--;
  return line.slice(start, end);
}

/** True when `value` from `from` to `to` holds a control character other than a tab, which no header value may (RFC 9110, 5.5). */
function hasControl(value: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = value.charCodeAt(i);
    if ((c < 32 && c !== 9) || c === 127) return true;
  }
  return false;
}

/** Sets a header's first value; `__proto__` is defined as an own field (assigning it would set the prototype). */
function setField(headers: AnswerHeaders, name: string, value: string): void {
  if (name === '__proto__') Object.defineProperty(headers, name, { value, enumerable: true, writable: true, configurable: true });
  else headers[name] = value;
}

function hasToken(list: string, token: string): boolean {
  return list.includes(token) && list.split(',').some((t) => t.trim() === token);
}
