import { AnswerHead, AnswerParser, MalformedAnswer, MAX_HEAD_BYTES } from './answer-parser';

/** What a parser told its reader, in order; body bytes as latin1 text, consecutive pieces joined. */
type Event = ['head', AnswerHead] | ['body', string] | ['end', boolean];

/** A parser whose events are recorded; `hold` makes its `head` event hold the body. */
function recorder(options: { bodyless?: boolean; hold?: boolean } = {}) {
  const events: Event[] = [];
  const parser = new AnswerParser({
    head: (head) => {
      events.push(['head', head]);
      return options.hold === true;
    },
    body: (chunk) => {
      const last = events[events.length - 1];
      if (last?.[0] === 'body') last[1] += chunk.toString('latin1');
      else events.push(['body', chunk.toString('latin1')]);
    },
    end: (reusable) => { events.push(['end', reusable]); },
  }, options.bodyless === true);
  return { parser, events };
}

/** The events of `text` fed in `pieces` (byte lengths, the rest last). */
function parse(text: string, pieces: number[] = [], options: { bodyless?: boolean } = {}): Event[] {
  const { parser, events } = recorder(options);
  const bytes = Buffer.from(text, 'latin1');
  let at = 0;
  for (const n of pieces) {
    parser.feed(bytes.subarray(at, at + n));
    at += n;
  }
  if (at < bytes.length) parser.feed(bytes.subarray(at));
  return events;
}

/** Every way to cut `text` in two, and in three at each pair of points 7 bytes apart, and byte by byte. */
function splits(text: string): number[][] {
  const n = Buffer.byteLength(text, 'latin1');
  const out: number[][] = [];
  for (let i = 1; i < n; i++) out.push([i]);
  for (let i = 1; i + 7 < n; i++) out.push([i, 7]);
  out.push(Array<number>(n).fill(1));
  return out;
}

/** `text` fed whole and in every split gives the same `expected` events. */
function expectEverySplit(text: string, expected: Event[], options: { bodyless?: boolean } = {}): void {
  expect(parse(text, [], options)).toEqual(expected);
  for (const pieces of splits(text)) {
    const events = parse(text, pieces, options);
    if (JSON.stringify(events) !== JSON.stringify(expected)) throw new Error(`fed in pieces ${JSON.stringify(pieces)}: ${JSON.stringify(events)}`);
  }
}

/** `text` fed whole, then in every split, throws MalformedAnswer whose message contains `why`. */
function expectMalformed(text: string, why: string | RegExp, options: { bodyless?: boolean } = {}): void {
  for (const pieces of [[], ...splits(text)]) {
    let thrown: unknown;
    try {
      parse(text, pieces, options);
    } catch (err) {
      thrown = err;
    }
    if (!(thrown instanceof MalformedAnswer)) throw new Error(`fed in pieces ${JSON.stringify(pieces)}: no MalformedAnswer but ${String(thrown)}`);
    expect(thrown.message).toMatch(why);
  }
}

const head = (status: number, headers: AnswerHead['headers'], keepAlive = true, idleMs?: number): Event => ['head', { status, headers, keepAlive, idleMs }];

describe('AnswerParser', () => {
  describe('a body framed by Content-Length', () => {
    const text = 'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 11\r\n\r\nhello world';

    it('reads the head and the body, wherever the bytes are cut, and says the connection is reusable', () => {
      expectEverySplit(text, [head(200, { 'content-type': 'text/plain', 'content-length': '11' }), ['body', 'hello world'], ['end', true]]);
    });

    it('is started by its first byte and done by its last', () => {
      const { parser, events } = recorder();
      expect(parser.started).toBe(false);
      parser.feed(Buffer.from('H'));
      expect(parser.started).toBe(true);
      parser.feed(Buffer.from(text.slice(1, -1)));
      expect(parser.done).toBe(false);
      expect(events.map((e) => e[0])).toEqual(['head', 'body']);
      parser.feed(Buffer.from(text.slice(-1)));
      expect(parser.done).toBe(true);
      expect(events[events.length - 1]).toEqual(['end', true]);
    });

    it('ends a Content-Length: 0 answer with its head', () => {
      expectEverySplit('HTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n', [head(201, { 'content-length': '0' }), ['end', true]]);
    });

    it('takes a list of equal Content-Length values, and the same value sent twice, as that length', () => {
      expect(parse('HTTP/1.1 200 OK\r\nContent-Length: 3, 3\r\n\r\nabc')).toEqual([head(200, { 'content-length': '3, 3' }), ['body', 'abc'], ['end', true]]);
      expect(parse('HTTP/1.1 200 OK\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc')).toEqual([head(200, { 'content-length': ['3', '3'] }), ['body', 'abc'], ['end', true]]);
    });

    it('passes a large body on as it comes, in the pieces it arrived in', () => {
      const body = Buffer.alloc(300_000, 'x');
      const pieces: number[] = [];
      let ended: boolean | undefined;
      const parser = new AnswerParser({ head: () => false, body: (c) => { pieces.push(c.length); }, end: (reusable) => { ended = reusable; } }, false);
      const all = Buffer.concat([Buffer.from(`HTTP/1.1 200 OK\r\nContent-Length: ${body.length}\r\n\r\n`), body]);
      for (let at = 0; at < all.length; at += 65536) parser.feed(all.subarray(at, at + 65536));
      expect(pieces.reduce((a, b) => a + b, 0)).toBe(body.length);
      expect(pieces.length).toBe(Math.ceil(all.length / 65536));
      expect(ended).toBe(true);
    });
  });

  describe('a chunked body', () => {
    const text = 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n'
      + '5;name=value\r\nhello\r\n6 ; ext ; other="x"\r\n world\r\na\r\n0123456789\r\n1A\r\nabcdefghijklmnopqrstuvwxyz\r\n'
      + '0;last=1\r\nX-Trailer: yes\r\nX-Other: 2\r\n\r\n';

    it('reads chunks with extensions, hex sizes in either case, and trailers, wherever the bytes are cut', () => {
      expectEverySplit(text, [head(200, { 'transfer-encoding': 'chunked' }), ['body', 'hello world0123456789abcdefghijklmnopqrstuvwxyz'], ['end', true]]);
    });

    it('ends on the last chunk without trailers', () => {
      expectEverySplit('HTTP/1.1 200 OK\r\nTransfer-Encoding: Chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n', [head(200, { 'transfer-encoding': 'Chunked' }), ['body', 'abc'], ['end', true]]);
    });

    it('ends an answer of no chunk at all', () => {
      expectEverySplit('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n', [head(200, { 'transfer-encoding': 'chunked' }), ['end', true]]);
    });
  });

  describe('a body that runs to the close', () => {
    const text = 'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nall of it, until the end';

    it('passes everything on, and ends, not reusable, when the connection closes', () => {
      for (const pieces of [[], ...splits(text)]) {
        const { parser, events } = recorder();
        let at = 0;
        for (const n of [...pieces, text.length]) {
          parser.feed(Buffer.from(text.slice(at, at + n), 'latin1'));
          at += n;
        }
        expect(parser.done).toBe(false);
        expect(events).toEqual([head(200, { 'content-type': 'text/plain' }, false), ['body', 'all of it, until the end']]);
        parser.closed();
        expect(parser.done).toBe(true);
        expect(events[events.length - 1]).toEqual(['end', false]);
      }
    });

    it('may be empty', () => {
      const { parser, events } = recorder();
      parser.feed(Buffer.from('HTTP/1.1 200 OK\r\n\r\n'));
      parser.closed();
      expect(events).toEqual([head(200, {}, false), ['end', false]]);
    });
  });

  describe('answers without a body', () => {
    it('reads none after HEAD, whatever the framing headers say', () => {
      expectEverySplit('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n', [head(200, { 'content-length': '100' }), ['end', true]], { bodyless: true });
      expectEverySplit('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n', [head(200, { 'transfer-encoding': 'chunked' }), ['end', true]], { bodyless: true });
      // Without any framing either: not a body that runs to the close.
      expect(parse('HTTP/1.1 404 Not Found\r\n\r\n', [], { bodyless: true })).toEqual([head(404, {}), ['end', true]]);
    });

    it('reads none in 204 and 304', () => {
      expectEverySplit('HTTP/1.1 204 No Content\r\nX-A: 1\r\n\r\n', [head(204, { 'x-a': '1' }), ['end', true]]);
      expectEverySplit('HTTP/1.1 304 Not Modified\r\nETag: "x"\r\nContent-Length: 42\r\n\r\n', [head(304, { etag: '"x"', 'content-length': '42' }), ['end', true]]);
    });

    it('makes the connection not reusable when bytes follow', () => {
      expect(parse('HTTP/1.1 204 No Content\r\n\r\nX', [])).toEqual([head(204, {}), ['end', false]]);
      expect(parse('HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nbody', [], { bodyless: true })).toEqual([head(200, { 'content-length': '4' }), ['end', false]]);
    });
  });

  describe('interim answers', () => {
    it('skips 100 Continue and 103 Early Hints, wherever the bytes are cut', () => {
      const text = 'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload\r\n\r\n'
        + 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok';
      expectEverySplit(text, [head(200, { 'content-length': '2' }), ['body', 'ok'], ['end', true]]);
    });

    it('refuses 101 Switching Protocols, which no forwarded request asked for', () => {
      expectMalformed('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n', /101/);
    });
  });

  describe('headers', () => {
    it('keeps a header sent more than once as an array of its values in order, names in lower case', () => {
      const events = parse('HTTP/1.1 200 OK\r\nSet-Cookie: a=1\r\nX-One: only\r\nset-cookie: b=2\r\nSET-COOKIE: c=3\r\nContent-Length: 0\r\n\r\n');
      expect(events[0]).toEqual(head(200, { 'set-cookie': ['a=1', 'b=2', 'c=3'], 'x-one': 'only', 'content-length': '0' }));
    });

    it('reads the usual spellings of the common names and any other spelling alike', () => {
      const events = parse('HTTP/1.1 200 OK\r\nContent-Type: a\r\ncontent-type: b\r\nCONTENT-TYPE: c\r\nX-Request-Ix: d\r\nDate: e\r\nContent-Length: 0\r\n\r\n');
      expect(events[0]).toEqual(head(200, { 'content-type': ['a', 'b', 'c'], 'x-request-ix': 'd', date: 'e', 'content-length': '0' }));
      expect(() => parse('HTTP/1.1 200 OK\r\nContent Type: a\r\n\r\n')).toThrow('bad header name');
    });

    it('trims the optional white space around values, not inside them', () => {
      const events = parse('HTTP/1.1 200 OK\r\nX-A: \t value  with\tinner  space \t \r\nX-B:v\r\nX-C:   \r\nX-D:\r\nContent-Length: 0\r\n\r\n');
      expect(events[0]).toEqual(head(200, { 'x-a': 'value  with\tinner  space', 'x-b': 'v', 'x-c': '', 'x-d': '', 'content-length': '0' }));
    });

    it('takes a status line without a reason, and one whose reason is anything printable', () => {
      expect(parse('HTTP/1.1 200\r\nContent-Length: 0\r\n\r\n')[0]).toEqual(head(200, { 'content-length': '0' }));
      expect(parse('HTTP/1.1 599 Wh\xe4t: ever; really \r\nContent-Length: 0\r\n\r\n')[0]).toEqual(head(599, { 'content-length': '0' }));
    });

    it('keeps headers named like the properties of plain objects as any other', () => {
      const events = parse('HTTP/1.1 200 OK\r\nConstructor: a\r\ntoString: b\r\n__proto__: c\r\n__proto__: d\r\nhasOwnProperty: e\r\nContent-Length: 0\r\n\r\n');
      expect(events[1]).toEqual(['end', true]);
      const { headers } = events[0][1] as AnswerHead;
      expect(Object.entries(headers)).toEqual([['constructor', 'a'], ['tostring', 'b'], ['__proto__', ['c', 'd']], ['hasownproperty', 'e'], ['content-length', '0']]);
    });

    it('passes values with obs-text on as latin1', () => {
      expect(parse('HTTP/1.1 200 OK\r\nX-Name: caf\xe9\r\nContent-Length: 0\r\n\r\n')[0]).toEqual(head(200, { 'x-name': 'caf\xe9', 'content-length': '0' }));
    });
  });

  describe('the connection', () => {
    it('is not reusable after Connection: close, in any case and among other tokens', () => {
      expect(parse('HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok')).toEqual([head(200, { connection: 'close', 'content-length': '2' }, false), ['body', 'ok'], ['end', false]]);
      expect(parse('HTTP/1.1 200 OK\r\nConnection: Keep-Alive, Close\r\nContent-Length: 0\r\n\r\n')).toEqual([head(200, { connection: 'Keep-Alive, Close', 'content-length': '0' }, false), ['end', false]]);
      expect(parse('HTTP/1.1 200 OK\r\nConnection: upgrade\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')[1]).toEqual(['end', false]);
    });

    it('is reusable after HTTP/1.1 without Connection, or with other tokens', () => {
      expect(parse('HTTP/1.1 200 OK\r\nConnection: keep-alive\r\nContent-Length: 0\r\n\r\n')[1]).toEqual(['end', true]);
      expect(parse('HTTP/1.1 200 OK\r\nConnection: closed\r\nContent-Length: 0\r\n\r\n')[1]).toEqual(['end', true]);
    });

    it('is not reusable after HTTP/1.0 unless it says keep-alive', () => {
      expect(parse('HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nok')).toEqual([head(200, { 'content-length': '2' }, false), ['body', 'ok'], ['end', false]]);
      expect(parse('HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 2\r\n\r\nok')).toEqual([head(200, { connection: 'Keep-Alive', 'content-length': '2' }), ['body', 'ok'], ['end', true]]);
    });

    it('is not reusable after a body that runs to the close, even when the head said keep-alive', () => {
      const { parser, events } = recorder();
      parser.feed(Buffer.from('HTTP/1.0 200 OK\r\nConnection: keep-alive\r\n\r\nabc'));
      parser.closed();
      expect(events).toEqual([head(200, { connection: 'keep-alive' }, false), ['body', 'abc'], ['end', false]]);
    });

    it('says how long the upstream keeps it idle from Keep-Alive: timeout=', () => {
      expect(parse('HTTP/1.1 200 OK\r\nKeep-Alive: timeout=5\r\nContent-Length: 0\r\n\r\n')[0]).toEqual(head(200, { 'keep-alive': 'timeout=5', 'content-length': '0' }, true, 5000));
      expect(parse('HTTP/1.1 200 OK\r\nKeep-Alive: max=100, Timeout = 72\r\nContent-Length: 0\r\n\r\n')[0]).toMatchObject(['head', { idleMs: 72_000 }]);
      expect(parse('HTTP/1.1 200 OK\r\nKeep-Alive: max=5\r\nContent-Length: 0\r\n\r\n')[0]).toMatchObject(['head', { idleMs: undefined }]);
      expect(parse('HTTP/1.1 200 OK\r\nKeep-Alive: maxtimeout=5\r\nContent-Length: 0\r\n\r\n')[0]).toMatchObject(['head', { idleMs: undefined }]);
      // The same value again, after another one, says the same again.
      expect(parse('HTTP/1.1 200 OK\r\nKeep-Alive: timeout=5\r\nContent-Length: 0\r\n\r\n')[0]).toMatchObject(['head', { idleMs: 5000 }]);
    });

    it('is not reusable when bytes follow the answer, in any framing', () => {
      expect(parse('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokHTTP/1.1 200 OK\r\n\r\n')).toEqual([head(200, { 'content-length': '2' }), ['body', 'ok'], ['end', false]]);
      expect(parse('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n\r\n')).toEqual([head(200, { 'transfer-encoding': 'chunked' }), ['body', 'ok'], ['end', false]]);
      expect(parse('HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\nx')).toEqual([head(200, { 'content-length': '0' }), ['end', false]]);
    });

    it('ignores bytes fed after the answer ended, with no more events', () => {
      const answer = 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok';
      const events = parse(`${answer}more`, [answer.length]);
      expect(events).toEqual([head(200, { 'content-length': '2' }), ['body', 'ok'], ['end', true]]);
    });

    it('takes a close after the whole answer as nothing', () => {
      const { parser, events } = recorder();
      parser.feed(Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok'));
      parser.closed();
      expect(events).toEqual([head(200, { 'content-length': '2' }), ['body', 'ok'], ['end', true]]);
    });
  });

  describe('a held head', () => {
    it('holds the body until resume, then passes on what arrived meanwhile, then the rest as it comes', () => {
      const { parser, events } = recorder({ hold: true });
      parser.feed(Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nab'));
      parser.feed(Buffer.from('cd'));
      parser.feed(Buffer.from('ef'));
      expect(events).toEqual([head(200, { 'content-length': '10' })]);
      parser.resume();
      expect(events).toEqual([head(200, { 'content-length': '10' }), ['body', 'abcdef']]);
      parser.feed(Buffer.from('ghij'));
      expect(events).toEqual([head(200, { 'content-length': '10' }), ['body', 'abcdefghij'], ['end', true]]);
    });

    it('ends a whole answer held with its head when resumed', () => {
      const { parser, events } = recorder({ hold: true });
      parser.feed(Buffer.from('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n'));
      expect(events).toHaveLength(1);
      expect(parser.done).toBe(false);
      parser.resume();
      expect(events).toEqual([head(200, { 'transfer-encoding': 'chunked' }), ['body', 'ok'], ['end', true]]);
    });

    it('holds the end of a bodyless answer until resume', () => {
      const { parser, events } = recorder({ hold: true });
      parser.feed(Buffer.from('HTTP/1.1 204 No Content\r\n\r\n'));
      expect(events).toEqual([head(204, {})]);
      parser.resume();
      expect(events).toEqual([head(204, {}), ['end', true]]);
    });

    it('holds the end of a HEAD answer, and makes the connection not reusable when bytes followed it', () => {
      const { parser, events } = recorder({ hold: true, bodyless: true });
      parser.feed(Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\n'));
      parser.feed(Buffer.from('abc'));
      expect(events).toHaveLength(1);
      parser.resume();
      expect(events).toEqual([head(200, { 'content-length': '3' }), ['end', false]]);
    });

    it('resumes with nothing held, and reads what comes next', () => {
      const { parser, events } = recorder({ hold: true });
      parser.feed(Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n'));
      parser.resume();
      expect(events).toEqual([head(200, { 'content-length': '2' })]);
      parser.feed(Buffer.from('ok'));
      expect(events).toEqual([head(200, { 'content-length': '2' }), ['body', 'ok'], ['end', true]]);
    });

    it('reads a close while held after what arrived before it: a body that ran to the close is whole', () => {
      const { parser, events } = recorder({ hold: true });
      parser.feed(Buffer.from('HTTP/1.1 200 OK\r\n\r\nall of it'));
      parser.closed();
      expect(events).toEqual([head(200, {}, false)]);
      parser.resume();
      expect(events).toEqual([head(200, {}, false), ['body', 'all of it'], ['end', false]]);
    });

    it('reads a close while held after what arrived before it: a whole answer ends, not reusable', () => {
      const { parser, events } = recorder({ hold: true });
      parser.feed(Buffer.from('HTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\nok'));
      parser.closed();
      parser.resume();
      expect(events).toEqual([head(201, { 'content-length': '2' }), ['body', 'ok'], ['end', false]]);
    });

    it('reads a close while held after what arrived before it: an answer cut short is malformed', () => {
      const { parser, events } = recorder({ hold: true });
      parser.feed(Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nok'));
      parser.closed();
      expect(() => parser.resume()).toThrow(MalformedAnswer);
      expect(events).toEqual([head(200, { 'content-length': '5' }), ['body', 'ok']]);
    });
  });

  describe('a malformed answer', () => {
    it('has a bad status line', () => {
      for (const line of ['HTTP/1.1 200OK', 'HTTP/2 200 OK', 'HTTP/1.2 200 OK', 'HTTP/1.1 20 OK', 'HTTP/1.1 2000 OK', 'HTTP/1.1 099 Low', 'http/1.1 200 OK', 'HTTP/1.1  200 OK', ' HTTP/1.1 200 OK', 'ICY 200 OK']) {
        expectMalformed(`${line}\r\nContent-Length: 0\r\n\r\n`, 'bad status line');
      }
    });

    it('has a folded header line (obs-fold)', () => {
      expectMalformed('HTTP/1.1 200 OK\r\nX-A: one\r\n two\r\nContent-Length: 0\r\n\r\n', /without a name|folded/);
      expectMalformed('HTTP/1.1 200 OK\r\nX-A: one\r\n\tX-B: two\r\nContent-Length: 0\r\n\r\n', /folded/);
    });

    it('has white space before a header\'s colon, or a line without a name', () => {
      expectMalformed('HTTP/1.1 200 OK\r\nContent-Length : 0\r\n\r\n', 'bad header name');
      expectMalformed('HTTP/1.1 200 OK\r\nContent-Length\t: 0\r\n\r\n', 'bad header name');
      expectMalformed('HTTP/1.1 200 OK\r\n: 0\r\n\r\n', 'without a name');
      expectMalformed('HTTP/1.1 200 OK\r\nno colon\r\n\r\n', 'without a name');
      expectMalformed('HTTP/1.1 200 OK\r\nX(A): 1\r\n\r\n', 'bad header name');
    });

    it('has a control character in a header value', () => {
      for (const c of ['\0', '\x01', '\x08', '\x0b', '\x0c', '\r', '\x1f', '\x7f']) {
        expectMalformed(`HTTP/1.1 200 OK\r\nX-A: a${c}b\r\nContent-Length: 0\r\n\r\n`, 'bad character in header X-A');
      }
    });

    it('has both Content-Length and Transfer-Encoding, in either order, even without a body', () => {
      expectMalformed('HTTP/1.1 200 OK\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n', 'both Content-Length and Transfer-Encoding');
      expectMalformed('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n', 'both Content-Length and Transfer-Encoding');
      expectMalformed('HTTP/1.1 204 No Content\r\nTransfer-Encoding: chunked\r\nContent-Length: 0\r\n\r\n', 'both Content-Length and Transfer-Encoding');
    });

    it('has differing or unreadable Content-Length values', () => {
      expectMalformed('HTTP/1.1 200 OK\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd', 'bad Content-Length');
      for (const value of ['3, 4', '-1', '+3', '0x3', '3.0', '', '1 2', '1234567890123456']) {
        expectMalformed(`HTTP/1.1 200 OK\r\nContent-Length: ${value}\r\n\r\nabc`, 'bad Content-Length');
      }
    });

    it('has a Transfer-Encoding other than chunked alone', () => {
      expectMalformed('HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n', 'unsupported Transfer-Encoding');
      expectMalformed('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n', 'unsupported Transfer-Encoding');
    });

    it('has a bad chunk size', () => {
      for (const size of ['', 'g', '-1', '0x5', ' 5', '5x', '1234567890abc']) {
        expectMalformed(`HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n${size}\r\nhello\r\n0\r\n\r\n`, 'bad chunk size');
      }
    });

    it('has a chunk longer than its size', () => {
      expectMalformed('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nhello\r\n0\r\n\r\n', 'chunk longer than its size');
    });

    it('has a chunk line too long', () => {
      expectMalformed(`HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;${'x'.repeat(1100)}\r\nhello\r\n0\r\n\r\n`, 'chunk line too long');
    });

    it('has a bare LF or CR in its chunked framing', () => {
      expectMalformed('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\nhello\r\n0\r\n\r\n', 'bare CR or LF');
      expectMalformed('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\n0\r\n\r\n', 'bare CR or LF');
      expectMalformed('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\n', 'bare CR or LF');
      expectMalformed('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\r\nhello\r\n0\r\n\r\n', 'bare CR or LF');
    });

    it('has a bare LF in its head', () => {
      expectMalformed('HTTP/1.1 200 OK\r\nX-A: a\nb\r\nContent-Length: 0\r\n\r\n', 'bad character in header X-A');
      expectMalformed('HTTP/1.1 200 OK\nContent-Length: 0\r\n\r\n', 'bad status line');
      expectMalformed('HTTP/1.1 200 OK\r\nX-A: 1\r\nX\nB: 2\r\n\r\n', 'bad header name');
    });

    it('has a head ending in bare LFs, which is read as never ending and so is cut short at the close', () => {
      const { parser, events } = recorder();
      parser.feed(Buffer.from('HTTP/1.1 200 OK\nContent-Length: 0\n\n'));
      expect(events).toEqual([]);
      expect(() => parser.closed()).toThrow(MalformedAnswer);
    });

    it('has a head longer than MAX_HEAD_BYTES, found before its end arrives', () => {
      const big = `HTTP/1.1 200 OK\r\nX-Big: ${'a'.repeat(MAX_HEAD_BYTES)}\r\nContent-Length: 0\r\n\r\n`;
      expect(() => parse(big)).toThrow(/head longer than/);
      // Fed in pieces, it throws as soon as more than MAX_HEAD_BYTES have come without the head's end.
      const { parser } = recorder();
      parser.feed(Buffer.from(big.slice(0, MAX_HEAD_BYTES)));
      expect(() => parser.feed(Buffer.from(big.slice(MAX_HEAD_BYTES, MAX_HEAD_BYTES + 1)))).toThrow(/head longer than/);
      // A head just under the limit is read.
      const fits = `HTTP/1.1 200 OK\r\nX-Big: ${'a'.repeat(MAX_HEAD_BYTES - 50)}\r\nContent-Length: 0\r\n\r\n`;
      expect(Buffer.byteLength(fits) - 4).toBeLessThanOrEqual(MAX_HEAD_BYTES);
      expect(parse(fits, [1000, 1000])).toEqual([head(200, { 'x-big': 'a'.repeat(MAX_HEAD_BYTES - 50), 'content-length': '0' }), ['end', true]]);
    });

    it('closes before it is complete: in its head, in a sized body, in a chunked body', () => {
      for (const text of ['', 'HTTP/1.1 200 OK\r\nContent-Le', 'HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nabc', 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nabc', 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n', 'HTTP/1.1 100 Continue\r\n\r\n']) {
        const { parser } = recorder();
        if (text) parser.feed(Buffer.from(text));
        expect(() => parser.closed()).toThrow(new MalformedAnswer('the connection closed before the answer was complete'));
      }
    });

    it('is a MalformedAnswer, an Error whose message says so', () => {
      const err = new MalformedAnswer('why');
      expect(err).toBeInstanceOf(Error);
      expect(err.message).toBe('malformed upstream answer: why');
    });
  });
});
