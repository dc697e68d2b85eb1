import { createHash, randomBytes } from 'node:crypto';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { once } from 'node:events';
import { Agent, createServer, IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, request as httpRequest, Server, ServerResponse } from 'node:http';
import { AddressInfo, connect, createServer as createNetServer, Server as NetServer, Socket } from 'node:net';
import { Readable } from 'node:stream';
import { AnswerHeaders, MalformedAnswer } from './answer-parser';
import { ClientGone, ForwardPool, ForwardPoolOptions, ForwardRequest } from './forward-pool';

/** Items as they come, awaited one by one in order. */
class Queue<T> {
  readonly all: T[] = [];
  private read = 0;
  private waiter: (() => void) | undefined;

  push(item: T): void {
    this.all.push(item);
    this.waiter?.();
  }

  async next(): Promise<T> {
    while (this.read === this.all.length) await new Promise<void>((resolve) => { this.waiter = resolve; });
    this.waiter = undefined;
    return this.all[this.read++];
  }
}

/** Resolves once `condition` holds, checked every millisecond: for state no event announces. */
async function until(condition: () => boolean, what: string, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`not ${what} within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

const servers: Array<Server | NetServer> = [];
const sockets: Socket[] = [];
const pools: ForwardPool[] = [];
const agents: Agent[] = [];
const unsubscribes: Array<() => void> = [];

afterEach(async () => {
  for (const stop of unsubscribes.splice(0)) stop();
  for (const agent of agents.splice(0)) agent.destroy();
  const closed = servers.splice(0).map((server) => new Promise<void>((resolve) => server.close(() => resolve())));
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all([...closed, ...pools.splice(0).map((pool) => pool.close())]);
});

async function listen(server: Server | NetServer): Promise<number> {
  servers.push(server);
  server.on('connection', (socket: Socket) => { sockets.push(socket); });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

/** A node:http upstream; `connections` are the sockets the gateway opened to it. */
async function upstream(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer(handler);
  const connections: Socket[] = [];
  server.on('connection', (socket: Socket) => { connections.push(socket); });
  const port = await listen(server);
  return { server, port, connections };
}

/** A raw TCP upstream, for answers node:http would not give. */
async function rawUpstream(onSocket: (socket: Socket, index: number) => void) {
  const connections: Socket[] = [];
  const server = createNetServer((socket) => {
    connections.push(socket);
    socket.on('error', () => undefined);
    onSocket(socket, connections.length - 1);
  });
  const port = await listen(server);
  return { server, port, connections };
}

/** Calls `onRequest` with each request head (up to its empty line) that arrives on `socket`, and the bytes after it. */
function onRequests(socket: Socket, onRequest: (head: string, index: number) => void): void {
  let bytes = '';
  let index = 0;
  socket.on('data', (chunk: Buffer) => {
    bytes += chunk.toString('latin1');
    let end;
    while ((end = bytes.indexOf('\r\n\r\n')) !== -1) {
      const head = bytes.slice(0, end);
      bytes = bytes.slice(end + 4);
      onRequest(head, index++);
    }
  });
}

function poolOf(port: number, options: Partial<ForwardPoolOptions> = {}): ForwardPool {
  const pool = new ForwardPool(`http://127.0.0.1:${port}`, { connections: 4, idleMs: 10_000, connectTimeoutMs: 2000, answerTimeoutMs: 2000, ...options });
  pools.push(pool);
  return pool;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'proxy-connection', 'host']);

function withoutHopByHop(headers: IncomingHttpHeaders | AnswerHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  return out;
}

/** What a sink heard at the end of an exchange, and whether the client's response had its head then. */
interface Done { err?: Error; headersSent: boolean }

/** Writes the answer's head to the client's response; the default `head` of the gateway's sink. */
function writeHead(res: ServerResponse, status: number, headers: AnswerHeaders): void {
  res.writeHead(status, withoutHopByHop(headers));
}

/**
 * A node:http server in front of `pool`, as the gateway is: each request goes to `pool.forward`,
 * with a sink whose `head` is `head` (writes the answer's head by default) and whose `done` is
 * recorded, and answers 502 itself when the exchange failed before the answer's head.
 */
async function gateway(pool: ForwardPool, head: (res: ServerResponse, status: number, headers: AnswerHeaders) => void | Promise<void> = writeHead, highWaterMark?: number) {
  const dones = new Queue<Done>();
  const responses = new Queue<ServerResponse>();
  const server = createServer({ highWaterMark }, (req, res) => {
    responses.push(res);
    const body = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined ? req : undefined;
    pool.forward({ method: req.method!, path: req.url!, headers: withoutHopByHop(req.headers), body }, res, {
      head: (status, headers) => head(res, status, headers),
      done: (err) => {
        dones.push({ err, headersSent: res.headersSent });
        if (err && !res.headersSent && !res.destroyed) res.writeHead(502, { 'content-type': 'text/plain' }).end(`gateway: ${err.message}`);
      },
    });
  });
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}`, dones, responses };
}

interface Answer { status: number; headers: IncomingHttpHeaders; body: Buffer }

/** A request from a client, on a connection of its own unless `agent` says otherwise; `body` as one piece (sized) or several (chunked). */
function ask(url: string, options: { method?: string; headers?: OutgoingHttpHeaders; body?: Buffer | Buffer[]; agent?: Agent } = {}): Promise<Answer> {
  const { method = 'GET', body, agent = false } = options;
  const headers = { ...options.headers, ...(Buffer.isBuffer(body) ? { 'content-length': body.length } : {}) };
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (Buffer.isBuffer(body)) req.end(body);
    else if (body) {
      // The head goes first, so that even an empty body goes chunked.
      req.flushHeaders();
      for (const piece of body) req.write(piece);
      req.end();
    } else req.end();
  });
}

/**
 * `request` straight into `pool`, without a client: the answer goes into a stand-in for the client's
 * response, which collects it; resolves with what the sink heard at the end.
 */
function forwardDirectly(pool: ForwardPool, request: ForwardRequest): Promise<{ err?: Error; status?: number; body: string }> {
  let status: number | undefined;
  const body: Buffer[] = [];
  const res = { headersSent: false, destroyed: false, on: () => undefined } as unknown as ServerResponse;
  Object.assign(res, { write: (chunk: Buffer) => { body.push(chunk); return true; }, end: () => res });
  return new Promise((resolve) => pool.forward(request, res, {
    head: (code) => { status = code; },
    done: (err) => resolve({ err, status, body: Buffer.concat(body).toString() }),
  }));
}

/** The sockets the process connects to `port` from now on, as they connect (net.connect publishes each on `net.client.socket`), until the test ends. */
function socketsTo(port: number): Queue<Socket> {
  const connected = new Queue<Socket>();
  const onSocket = (message: unknown) => {
    const { socket } = message as { socket: Socket };
    socket.once('connect', () => { if (socket.remotePort === port) connected.push(socket); });
  };
  subscribe('net.client.socket', onSocket);
  unsubscribes.push(() => unsubscribe('net.client.socket', onSocket));
  return connected;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** `n` random bytes: a piece lost, repeated or out of order does not go unnoticed. */
const randomBody = (n: number) => randomBytes(n);

describe('ForwardPool', () => {
  describe('a plain exchange', () => {
    it('forwards a GET with its headers and the upstream\'s Host, passes the answer on, and reuses the connection', async () => {
      const seen: Array<{ method?: string; url?: string; headers: IncomingHttpHeaders }> = [];
      const up = await upstream((req, res) => {
        seen.push({ method: req.method, url: req.url, headers: req.headers });
        res.writeHead(200, { 'content-type': 'text/plain', 'x-answer': ['one', 'two'] }).end(`hello ${req.url}`);
      });
      const pool = poolOf(up.port);
      const gw = await gateway(pool);
      for (const path of ['/a', '/b?x=1', '/c']) {
        const answer = await ask(`${gw.url}${path}`, { headers: { 'x-custom': 'yes', accept: 'text/plain' } });
        expect(answer.status).toBe(200);
        expect(answer.body.toString()).toBe(`hello ${path}`);
        expect(answer.headers['x-answer']).toBe('one, two');
        expect(answer.headers['content-type']).toBe('text/plain');
      }
      expect(seen.map((s) => s.url)).toEqual(['/a', '/b?x=1', '/c']);
      expect(seen[0].method).toBe('GET');
      expect(seen[0].headers).toMatchObject({ host: `127.0.0.1:${up.port}`, 'x-custom': 'yes', accept: 'text/plain' });
      expect(seen[0].headers['transfer-encoding']).toBeUndefined();
      expect(up.connections).toHaveLength(1);
      expect(pool.size).toBe(1);
      expect(gw.dones.all).toEqual([{ headersSent: true }, { headersSent: true }, { headersSent: true }]);
    });

    it('sends a header with several values as several lines', async () => {
      const up = await rawUpstream((socket) => onRequests(socket, (head) => {
        socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${Buffer.byteLength(head)}\r\n\r\n${head}`);
      }));
      const pool = poolOf(up.port);
      // A stand-in for the client's response, which collects the body: the upstream's echo of the request head.
      const res = { headersSent: false, destroyed: false, on: () => undefined } as unknown as ServerResponse;
      const body: Buffer[] = [];
      Object.assign(res, { writeHead: () => res, write: (chunk: Buffer) => { body.push(chunk); return true; }, end: () => res });
      const done = new Promise<Error | undefined>((resolve) => pool.forward({ method: 'GET', path: '/x', headers: { 'x-a': ['1', '2'], 'x-b': 'c' } }, res, { head: () => undefined, done: resolve }));
      expect(await done).toBeUndefined();
      expect(Buffer.concat(body).toString()).toBe(`GET /x HTTP/1.1\r\nhost: 127.0.0.1:${up.port}\r\nx-a: 1\r\nx-a: 2\r\nx-b: c`);
    });

    it('reads a HEAD answer as bodyless and keeps the connection for the next request', async () => {
      const up = await upstream((req, res) => {
        res.writeHead(200, { 'content-length': '5' });
        res.end(req.method === 'HEAD' ? undefined : 'hello');
      });
      const pool = poolOf(up.port);
      const gw = await gateway(pool);
      const head = await ask(gw.url, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers['content-length']).toBe('5');
      expect((await ask(gw.url)).body.toString()).toBe('hello');
      expect(up.connections).toHaveLength(1);
      expect(gw.dones.all.map((d) => d.err)).toEqual([undefined, undefined]);
    });

    it('takes the most recently freed connection first', async () => {
      const arrived = new Queue<ServerResponse>();
      const up = await upstream((req, res) => {
        if (req.url === '/hold') arrived.push(res);
        else res.end(String(req.socket.remotePort));
      });
      const pool = poolOf(up.port);
      const gw = await gateway(pool);
      const first = ask(`${gw.url}/hold`);
      const second = ask(`${gw.url}/hold`);
      const [a, b] = [await arrived.next(), await arrived.next()];
      const lastFreed = String(b.socket!.remotePort);
      a.end('a');
      await first;
      b.end('b');
      await second;
      expect(up.connections).toHaveLength(2);
      expect((await ask(`${gw.url}/port`)).body.toString()).toBe(lastFreed);
      expect(up.connections).toHaveLength(2);
    });

    it('opens at most `connections` connections; the other requests wait for one to be free', async () => {
      const pending = new Queue<ServerResponse>();
      let inFlight = 0;
      let most = 0;
      const up = await upstream((req, res) => {
        most = Math.max(most, ++inFlight);
        res.on('finish', () => inFlight--);
        pending.push(res);
      });
      const pool = poolOf(up.port, { connections: 2 });
      const gw = await gateway(pool);
      const answers = [1, 2, 3, 4, 5].map((i) => ask(`${gw.url}/${i}`));
      const first = [await pending.next(), await pending.next()];
      // Every request reached the gateway and the three it could not send yet are waiting.
      await until(() => gw.responses.all.length === 5, 'all requests at the gateway');
      expect(up.connections).toHaveLength(2);
      expect(pool.size).toBe(2);
      for (const res of first) res.end(res.req.url);
      for (let i = 0; i < 3; i++) (await pending.next()).end('later');
      const bodies = (await Promise.all(answers)).map((a) => a.body.toString());
      expect(bodies.filter((b) => b === 'later')).toHaveLength(3);
      expect(most).toBe(2);
      expect(up.connections).toHaveLength(2);
      expect(pool.size).toBe(2);
    });

    it('closes a connection that stayed idle for idleMs', async () => {
      const up = await upstream((req, res) => { res.end('ok'); });
      const pool = poolOf(up.port, { idleMs: 30 });
      const gw = await gateway(pool);
      await ask(gw.url);
      expect(pool.size).toBe(1);
      await once(up.connections[0], 'close');
      await until(() => pool.size === 0, 'the idle connection forgotten');
      await ask(gw.url);
      expect(up.connections).toHaveLength(2);
    });

    it('does not reuse a connection idle past idleMs, though the sweeper has not closed it yet', async () => {
      const up = await upstream((req, res) => { res.end('ok'); });
      // The sweeper runs a second after the pool is made: the wait below ends well before.
      const pool = poolOf(up.port, { idleMs: 200 });
      const gw = await gateway(pool);
      await ask(gw.url);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(pool.size).toBe(1);
      expect(up.connections[0].closed).toBe(false);
      expect((await ask(gw.url)).body.toString()).toBe('ok');
      expect(up.connections).toHaveLength(2);
      await until(() => up.connections[0].closed && pool.size === 1, 'the expired connection closed');
    });

    it('closes a connection idle past idleMs within a sweep, without any request', async () => {
      const up = await upstream((req, res) => { res.end('ok'); });
      const pool = poolOf(up.port, { idleMs: 200 });
      const gw = await gateway(pool);
      await ask(gw.url);
      expect(pool.size).toBe(1);
      const upstreamClosed = once(up.connections[0], 'close');
      await until(() => pool.size === 0, 'the idle connection closed', 1500);
      await upstreamClosed;
    });
  });

  describe('a request body', () => {
    let seen: Array<{ headers: IncomingHttpHeaders; body: Buffer }>;
    let up: Awaited<ReturnType<typeof upstream>>;

    beforeEach(async () => {
      seen = [];
      up = await upstream((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          const body = Buffer.concat(chunks);
          seen.push({ headers: req.headers, body });
          res.writeHead(201, { 'content-type': 'text/plain' }).end(sha256(body));
        });
      });
    });

    it('goes with its Content-Length, whole', async () => {
      const gw = await gateway(poolOf(up.port));
      const body = randomBody(300_000);
      const answer = await ask(gw.url, { method: 'POST', body, headers: { 'content-type': 'application/octet-stream' } });
      expect(answer.status).toBe(201);
      expect(answer.body.toString()).toBe(sha256(body));
      expect(seen[0].body.equals(body)).toBe(true);
      expect(seen[0].headers['content-length']).toBe('300000');
      expect(seen[0].headers['transfer-encoding']).toBeUndefined();
      expect(seen[0].headers['content-type']).toBe('application/octet-stream');
      // The connection carries the next request once the body went whole.
      await ask(gw.url, { method: 'PUT', body: Buffer.from('second') });
      expect(seen[1].body.toString()).toBe('second');
      expect(up.connections).toHaveLength(1);
      expect(gw.dones.all.map((d) => d.err)).toEqual([undefined, undefined]);
    });

    it('goes chunked when the client sent it chunked, whole', async () => {
      const gw = await gateway(poolOf(up.port));
      const pieces = [randomBody(1), randomBody(70_000), randomBody(5), randomBody(200_000)];
      const answer = await ask(gw.url, { method: 'POST', body: pieces });
      const body = Buffer.concat(pieces);
      expect(answer.body.toString()).toBe(sha256(body));
      expect(seen[0].body.equals(body)).toBe(true);
      expect(seen[0].headers['transfer-encoding']).toBe('chunked');
      expect(seen[0].headers['content-length']).toBeUndefined();
      await ask(gw.url, { method: 'POST', body: [Buffer.from('a'), Buffer.from('b')] });
      expect(seen[1].body.toString()).toBe('ab');
      expect(up.connections).toHaveLength(1);
    });

    it('goes chunked and empty when the client sent an empty chunked body', async () => {
      const gw = await gateway(poolOf(up.port));
      const answer = await ask(gw.url, { method: 'POST', body: [] });
      expect(answer.body.toString()).toBe(sha256(Buffer.alloc(0)));
      expect(seen[0].headers['transfer-encoding']).toBe('chunked');
    });
  });

  describe('an answer that ends before the request\'s body was sent', () => {
    it('ends the exchange, does not keep the upstream connection, and lets the client\'s connection go on', async () => {
      const SIZE = 16 * 1024 * 1024;
      const early = new Queue<Socket>();
      const up = await rawUpstream((socket, index) => {
        if (index > 0) return onRequests(socket, () => { socket.write('HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nagain'); });
        // Reads the request's head and stops: the body backs up to the client.
        socket.once('data', () => {
          socket.pause();
          early.push(socket);
        });
      });
      const pool = poolOf(up.port);
      const gw = await gateway(pool);
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      agents.push(agent);
      const first = ask(`${gw.url}/upload`, { method: 'POST', body: Buffer.alloc(SIZE, 'x'), agent });
      const upstreamSocket = await early.next();
      const body = (await gw.responses.next()).req;
      // No event says the upload stopped: watch the gateway pause the client's body and stop reading it.
      let last = -1;
      while (body.socket.bytesRead !== last || !body.isPaused()) {
        last = body.socket.bytesRead;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(last).toBeLessThan(SIZE);
      // The upstream answers now, keep-alive, with most of the body still to come.
      upstreamSocket.write('HTTP/1.1 413 Payload Too Large\r\nContent-Length: 9\r\n\r\ntoo large');
      const answer = await first;
      expect(answer.status).toBe(413);
      expect(answer.body.toString()).toBe('too large');
      expect(await gw.dones.next()).toEqual({ headersSent: true });
      // The rest of the body was read off the client's connection, and the upstream connection closed.
      await until(() => body.readableEnded, 'the rest of the body read');
      await until(() => pool.size === 0, 'the upstream connection closed');
      // The client's connection carries its next request, which goes on a new upstream connection.
      const again = await ask(`${gw.url}/again`, { agent });
      expect(again.status).toBe(200);
      expect(again.body.toString()).toBe('again');
      expect(gw.responses.all[1].req.socket).toBe(body.socket);
      expect(up.connections).toHaveLength(2);
      expect(await gw.dones.next()).toEqual({ headersSent: true });
    });
  });

  describe('a large answer', () => {
    const SIZE = 16 * 1024 * 1024;

    /**
     * The upstream writes SIZE bytes as fast as its connection takes them, in pieces of `piece`
     * bytes (each a chunk when `chunked`), while the client reads nothing; once nothing moves, the
     * gateway must have buffered little (it held the upstream); then the client reads it all.
     */
    async function streamedToSlowClient(chunked: boolean, piece: number) {
      const whole = randomBody(SIZE);
      let written = 0;
      const up = await upstream((req, res) => {
        res.writeHead(200, chunked ? {} : { 'content-length': String(SIZE) });
        const more = () => {
          while (written < SIZE) {
            const ok = res.write(whole.subarray(written, written + piece));
            written += piece;
            if (!ok) return void res.once('drain', more);
          }
          res.end();
        };
        more();
      });
      let buffered = 0;
      const gw = await gateway(poolOf(up.port), (res, status, headers) => {
        writeHead(res, status, headers);
        const write = res.write.bind(res) as (chunk: Buffer) => boolean;
        res.write = ((chunk: Buffer) => {
          const ok = write(chunk);
          buffered = Math.max(buffered, res.writableLength);
          return ok;
        }) as typeof res.write;
      });
      const response = await new Promise<IncomingMessage>((resolve, reject) => httpRequest(gw.url, { agent: false }, resolve).on('error', reject).end());
      response.pause();
      // No event says the upstream stopped writing (held by the gateway, or done): watch it stop.
      let last = -1;
      while (written !== last) {
        last = written;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(written).toBeLessThan(SIZE);
      expect(buffered).toBeLessThan(512 * 1024);
      const chunks: Buffer[] = [];
      for await (const chunk of response) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      expect(body.length).toBe(SIZE);
      expect(sha256(body)).toBe(sha256(whole));
      expect(buffered).toBeLessThan(512 * 1024);
      expect(await gw.dones.next()).toEqual({ headersSent: true });
    }

    it('streams a Content-Length answer whole, holding the upstream while the client does not read', async () => {
      await streamedToSlowClient(false, 64 * 1024);
    });

    it('streams a chunked answer whole, holding the upstream while the client does not read', async () => {
      await streamedToSlowClient(true, 16 * 1024);
    });
  });

  describe('a client that cannot take more as the answer ends', () => {
    /**
     * A client that pipelines two requests on one connection and reads nothing: the second answer
     * waits in its response (queued behind the first, which the upstream holds), so each of its
     * writes past the response's buffer (1 KiB here) says "wait for drain", the last one too. The
     * second answer is small enough to arrive in one read: the gateway reads all of it at once.
     */
    it('waits for the drain once, and leaves the connection reading for the next exchange', async () => {
      let first: Socket | undefined;
      const tiny = Buffer.from('10\r\n0123456789abcdef\r\n');
      const up = await rawUpstream((socket) => onRequests(socket, (head) => {
        const path = head.split(' ')[1];
        if (path === '/first') first = socket;
        else if (path === '/second') socket.write(Buffer.concat([Buffer.from('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n'), ...Array<Buffer>(500).fill(tiny), Buffer.from('0\r\n\r\n')]));
        else socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${path.length}\r\n\r\n${path}`);
      }));
      const pool = poolOf(up.port, { connections: 2, answerTimeoutMs: 1000 });
      let drainListeners = 0;
      let refused = 0;
      const gw = await gateway(pool, (res, status, headers) => {
        writeHead(res, status, headers);
        const write = res.write.bind(res) as (chunk: Buffer) => boolean;
        res.write = ((chunk: Buffer) => {
          drainListeners = Math.max(drainListeners, res.listenerCount('drain'));
          const ok = write(chunk);
          if (!ok) refused++;
          return ok;
        }) as typeof res.write;
      }, 1024);
      const client = connect((new URL(gw.url)).port as unknown as number, '127.0.0.1');
      sockets.push(client);
      const received: Buffer[] = [];
      client.on('data', (chunk: Buffer) => received.push(chunk));
      client.write('GET /first HTTP/1.1\r\nHost: x\r\n\r\nGET /second HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      client.pause();
      // The second answer is whole at the gateway (the first is still held by the upstream).
      expect(await gw.dones.next()).toEqual({ headersSent: true });
      expect(refused).toBeGreaterThan(100);
      expect(drainListeners).toBeLessThanOrEqual(1);
      // The next request goes on the connection the second answer freed, and is answered.
      const third = await ask(`${gw.url}/third`);
      expect(third.status).toBe(200);
      expect(third.body.toString()).toBe('/third');
      expect(up.connections).toHaveLength(2);
      // And the client gets both its answers, in order, when it reads.
      first!.write('HTTP/1.1 200 OK\r\nContent-Length: 6\r\n\r\n/first');
      client.resume();
      await once(client, 'end');
      const text = Buffer.concat(received).toString('latin1');
      expect(text.indexOf('/first')).toBeGreaterThan(0);
      expect(text.indexOf('/first')).toBeLessThan(text.indexOf('0123456789abcdef'));
      expect(text.split('0123456789abcdef')).toHaveLength(501);
    });
  });

  describe('an upstream that cannot be reached', () => {
    it('ends the exchange with the connection error before any head, leaving the client\'s response to the caller', async () => {
      const closed = createNetServer();
      closed.listen(0, '127.0.0.1');
      await once(closed, 'listening');
      const port = (closed.address() as AddressInfo).port;
      await new Promise((resolve) => closed.close(resolve));
      const pool = poolOf(port);
      const gw = await gateway(pool);
      const answer = await ask(gw.url);
      const done = await gw.dones.next();
      expect(done.headersSent).toBe(false);
      expect((done.err as NodeJS.ErrnoException).code).toBe('ECONNREFUSED');
      expect(answer.status).toBe(502);
      expect(answer.body.toString()).toContain('ECONNREFUSED');
      expect(pool.size).toBe(0);
    });
  });

  describe('a kept connection the upstream closed', () => {
    /**
     * An upstream that answers the first request on a connection (on its first connection only, or on
     * every one), and closes the connection on any later request, unanswered: as a server does that
     * closed a kept connection just as the gateway sent on it.
     */
    async function closingUpstream(answersFirstOn: 'the first connection' | 'every connection') {
      const requests: string[] = [];
      const up = await rawUpstream((socket, index) => onRequests(socket, (head, n) => {
        const line = head.split('\r\n')[0];
        requests.push(`${index}: ${line}`);
        if (n > 0 || (index > 0 && answersFirstOn === 'the first connection')) return void socket.destroy();
        socket.write(`HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n${line.startsWith('HEAD ') ? '' : 'ok'}`);
      }));
      return { ...up, requests };
    }

    it('carries a GET again on a new connection, transparently', async () => {
      const up = await closingUpstream('every connection');
      const gw = await gateway(poolOf(up.port));
      expect((await ask(`${gw.url}/1`)).body.toString()).toBe('ok');
      const answer = await ask(`${gw.url}/2`);
      expect(answer.status).toBe(200);
      expect(answer.body.toString()).toBe('ok');
      expect(up.requests).toEqual(['0: GET /1 HTTP/1.1', '0: GET /2 HTTP/1.1', '1: GET /2 HTTP/1.1']);
      expect(gw.dones.all).toEqual([{ headersSent: true }, { headersSent: true }]);
    });

    it('carries a HEAD and an OPTIONS again too', async () => {
      const up = await closingUpstream('every connection');
      const gw = await gateway(poolOf(up.port));
      await ask(`${gw.url}/1`);
      expect((await ask(`${gw.url}/2`, { method: 'HEAD' })).status).toBe(200);
      await ask(`${gw.url}/3`);
      expect((await ask(`${gw.url}/4`, { method: 'OPTIONS' })).status).toBe(200);
      expect(up.requests).toEqual(['0: GET /1 HTTP/1.1', '0: HEAD /2 HTTP/1.1', '1: HEAD /2 HTTP/1.1', '1: GET /3 HTTP/1.1', '2: GET /3 HTTP/1.1', '2: OPTIONS /4 HTTP/1.1', '3: OPTIONS /4 HTTP/1.1']);
      expect(gw.dones.all.map((d) => d.err)).toEqual([undefined, undefined, undefined, undefined]);
    });

    it('carries it again only once', async () => {
      const up = await closingUpstream('the first connection');
      const gw = await gateway(poolOf(up.port));
      await ask(`${gw.url}/1`);
      const answer = await ask(`${gw.url}/2`);
      expect(answer.status).toBe(502);
      expect(up.requests).toEqual(['0: GET /1 HTTP/1.1', '0: GET /2 HTTP/1.1', '1: GET /2 HTTP/1.1']);
      const done = gw.dones.all[1];
      expect(done.err).toBeInstanceOf(Error);
      expect(done.headersSent).toBe(false);
    });

    it('does not carry a POST again: it ends with an error, before any head', async () => {
      const up = await closingUpstream('every connection');
      const gw = await gateway(poolOf(up.port));
      await ask(`${gw.url}/1`);
      const answer = await ask(`${gw.url}/2`, { method: 'POST', body: Buffer.from('once only') });
      expect(answer.status).toBe(502);
      expect(up.requests).toEqual(['0: GET /1 HTTP/1.1', '0: POST /2 HTTP/1.1']);
      const done = gw.dones.all[1];
      expect(done.err).toBeInstanceOf(Error);
      expect(done.headersSent).toBe(false);
    });

    it('does not carry a POST without a body again either', async () => {
      const up = await closingUpstream('every connection');
      const gw = await gateway(poolOf(up.port));
      await ask(`${gw.url}/1`);
      expect((await ask(`${gw.url}/2`, { method: 'POST' })).status).toBe(502);
      expect(up.requests).toEqual(['0: GET /1 HTTP/1.1', '0: POST /2 HTTP/1.1']);
    });

    it('is not taken once its close arrived: a POST goes on a new connection', async () => {
      const seen: string[] = [];
      // Answers each connection's first request, echoing its body, without `Connection: close`, and closes the connection right after.
      const up = await rawUpstream((socket, index) => {
        let bytes = Buffer.alloc(0);
        socket.on('data', (chunk: Buffer) => {
          bytes = Buffer.concat([bytes, chunk]);
          const end = bytes.indexOf('\r\n\r\n');
          if (end === -1) return;
          const head = bytes.toString('latin1', 0, end);
          const body = bytes.subarray(end + 4);
          if (body.length < Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0)) return;
          seen.push(`${index}: ${head.split('\r\n')[0]} ${body}`);
          socket.end(`HTTP/1.1 200 OK\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
        });
      });
      const pool = poolOf(up.port);
      const connected = socketsTo(up.port);
      const first = forwardDirectly(pool, { method: 'GET', path: '/first', headers: {} });
      const kept = await connected.next();
      // The moment the gateway reads the upstream's close, before its own socket closes: a request sent now must not go on it.
      const second = new Promise<Awaited<ReturnType<typeof forwardDirectly>>>((resolve) => kept.once('end', () => {
        resolve(forwardDirectly(pool, { method: 'POST', path: '/second', headers: { 'content-length': '4' }, body: Readable.from([Buffer.from('once')]) }));
      }));
      expect(await first).toEqual({ err: undefined, status: 200, body: '' });
      expect(await second).toEqual({ err: undefined, status: 200, body: 'once' });
      expect(seen).toEqual(['0: GET /first HTTP/1.1 ', '1: POST /second HTTP/1.1 once']);
    });

    it('does not carry a GET again on a new connection that closed', async () => {
      const up = await rawUpstream((socket) => onRequests(socket, () => socket.destroy()));
      const gw = await gateway(poolOf(up.port));
      expect((await ask(gw.url)).status).toBe(502);
      expect(up.connections).toHaveLength(1);
      expect((await gw.dones.next()).err).toBeInstanceOf(Error);
    });
  });

  describe('the upstream\'s Keep-Alive', () => {
    it('with timeout=1, the connection is not kept', async () => {
      const up = await upstream((req, res) => { res.end('ok'); });
      up.server.keepAliveTimeout = 1000;
      const pool = poolOf(up.port);
      const said: AnswerHeaders[] = [];
      const gw = await gateway(pool, (res, status, headers) => {
        said.push(headers);
        writeHead(res, status, headers);
      });
      await ask(gw.url);
      expect(said[0]['keep-alive']).toBe('timeout=1');
      await once(up.connections[0], 'close');
      await until(() => pool.size === 0, 'the connection forgotten');
      await ask(gw.url);
      expect(up.connections).toHaveLength(2);
    });

    it('after Connection: close, the connection is not kept', async () => {
      const up = await rawUpstream((socket) => onRequests(socket, () => {
        socket.write('HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok');
      }));
      const gw = await gateway(poolOf(up.port));
      expect((await ask(gw.url)).body.toString()).toBe('ok');
      expect((await ask(gw.url)).body.toString()).toBe('ok');
      expect(up.connections).toHaveLength(2);
    });
  });

  describe('a malformed answer', () => {
    it('before its head, ends the exchange with MalformedAnswer, the client\'s response untouched', async () => {
      const up = await rawUpstream((socket) => onRequests(socket, () => {
        socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\nok');
      }));
      const pool = poolOf(up.port);
      const gw = await gateway(pool);
      const answer = await ask(gw.url);
      expect(answer.status).toBe(502);
      const done = await gw.dones.next();
      expect(done.err).toBeInstanceOf(MalformedAnswer);
      expect(done.headersSent).toBe(false);
      await once(up.connections[0], 'close');
    });

    it('after its head, ends the exchange with MalformedAnswer and breaks off the client\'s response', async () => {
      const up = await rawUpstream((socket) => onRequests(socket, () => {
        socket.write('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\nzz\r\nbad\r\n0\r\n\r\n');
      }));
      const gw = await gateway(poolOf(up.port));
      await expect(ask(gw.url)).rejects.toThrow(/aborted|socket hang up|ECONNRESET/);
      const done = await gw.dones.next();
      expect(done.err).toBeInstanceOf(MalformedAnswer);
      expect(done.headersSent).toBe(true);
      await once(up.connections[0], 'close');
    });

    it('cut short by the upstream\'s close, ends the exchange with an error', async () => {
      const up = await rawUpstream((socket) => onRequests(socket, () => {
        socket.end('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc');
      }));
      const gw = await gateway(poolOf(up.port));
      await expect(ask(gw.url)).rejects.toThrow(/aborted|socket hang up|ECONNRESET/);
      const done = await gw.dones.next();
      expect(done.err).toBeInstanceOf(Error);
      expect(done.headersSent).toBe(true);
    });

    it('that runs to the close is whole at the close', async () => {
      const up = await rawUpstream((socket) => onRequests(socket, () => {
        socket.end('HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nuntil the end');
      }));
      const gw = await gateway(poolOf(up.port));
      expect((await ask(gw.url)).body.toString()).toBe('until the end');
      expect(await gw.dones.next()).toEqual({ headersSent: true });
    });

    it('with bytes after it: the connection is not used again', async () => {
      const up = await rawUpstream((socket) => onRequests(socket, () => {
        socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokHTTP/1.1 200 OK\r\n\r\n');
      }));
      const gw = await gateway(poolOf(up.port));
      expect((await ask(gw.url)).body.toString()).toBe('ok');
      expect((await ask(gw.url)).body.toString()).toBe('ok');
      expect(up.connections).toHaveLength(2);
    });
  });

  describe('a client that goes away mid-answer', () => {
    it('ends the exchange with an error and closes the upstream connection', async () => {
      const upstreamClosed = new Queue<void>();
      const up = await upstream((req, res) => {
        res.on('close', () => upstreamClosed.push());
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('the first part, the rest never comes');
      });
      const pool = poolOf(up.port);
      const gw = await gateway(pool);
      await new Promise<void>((resolve, reject) => {
        const req = httpRequest(gw.url, { agent: false }, (res) => {
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', (err) => { if (!req.destroyed) reject(err); });
        req.end();
      });
      const done = await gw.dones.next();
      expect(done.err).toBeInstanceOf(ClientGone);
      expect(done.headersSent).toBe(true);
      await upstreamClosed.next();
      await until(() => pool.size === 0, 'the connection forgotten');
    });

    it('while its request waited for a connection, needs no connection', async () => {
      const pending = new Queue<ServerResponse>();
      const up = await upstream((req, res) => pending.push(res));
      const pool = poolOf(up.port, { connections: 1 });
      const gw = await gateway(pool);
      const first = ask(`${gw.url}/first`);
      const busy = await pending.next();
      const req = httpRequest(`${gw.url}/second`, { agent: false });
      req.on('error', () => undefined);
      req.end();
      const waiting = await gw.responses.next().then(() => gw.responses.next());
      req.destroy();
      await once(waiting, 'close');
      busy.end('done');
      expect((await first).body.toString()).toBe('done');
      const dones = [await gw.dones.next(), await gw.dones.next()];
      expect(dones.map((d) => d.err?.message)).toEqual([undefined, 'the client went away']);
      expect(dones[1].err).toBeInstanceOf(ClientGone);
      // The second request never reached the upstream.
      expect(pending.all).toHaveLength(1);
    });
  });

  describe('timeouts', () => {
    it('an upstream silent for answerTimeoutMs ends the exchange with an error before any head', async () => {
      const up = await rawUpstream((socket) => { socket.resume(); });
      const pool = poolOf(up.port, { answerTimeoutMs: 50 });
      const gw = await gateway(pool);
      const answer = await ask(gw.url);
      expect(answer.status).toBe(502);
      const done = await gw.dones.next();
      expect(done.err?.message).toBe(`http://127.0.0.1:${up.port} did not answer in time`);
      expect(done.headersSent).toBe(false);
      await once(up.connections[0], 'close');
    });

    it('an upstream silent for answerTimeoutMs mid-body ends the exchange and breaks off the client\'s response', async () => {
      const up = await rawUpstream((socket) => onRequests(socket, () => {
        socket.write('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\npart');
      }));
      const gw = await gateway(poolOf(up.port, { answerTimeoutMs: 50 }));
      await expect(ask(gw.url)).rejects.toThrow(/aborted|socket hang up|ECONNRESET/);
      const done = await gw.dones.next();
      expect(done.err?.message).toMatch(/did not answer in time/);
      expect(done.headersSent).toBe(true);
    });

    it('does not end an answer whose upstream keeps sending, for however long', async () => {
      const up = await rawUpstream((socket) => onRequests(socket, () => {
        socket.write('HTTP/1.1 200 OK\r\nContent-Length: 20\r\n\r\n');
        let sent = 0;
        const trickle = setInterval(() => {
          socket.write('x');
          if (++sent === 20) clearInterval(trickle);
        }, 10);
      }));
      const gw = await gateway(poolOf(up.port, { answerTimeoutMs: 100 }));
      const answer = await ask(gw.url);
      expect(answer.status).toBe(200);
      expect(answer.body.toString()).toBe('x'.repeat(20));
    });

    it('the answer timeout applies again on a kept connection', async () => {
      const up = await rawUpstream((socket) => onRequests(socket, (head, n) => {
        if (n === 0) socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
      }));
      const gw = await gateway(poolOf(up.port, { answerTimeoutMs: 50, idleMs: 10_000 }));
      expect((await ask(gw.url)).status).toBe(200);
      expect((await ask(gw.url)).status).toBe(502);
      expect(gw.dones.all[1].err?.message).toMatch(/did not answer in time/);
    });

    it('does not run while the gateway holds the upstream for a client that stops reading', async () => {
      const SIZE = 16 * 1024 * 1024;
      const whole = randomBody(SIZE);
      let written = 0;
      const up = await upstream((req, res) => {
        res.writeHead(200, { 'content-length': String(SIZE) });
        const more = () => {
          while (written < SIZE) {
            const ok = res.write(whole.subarray(written, written + 64 * 1024));
            written += 64 * 1024;
            if (!ok) return void res.once('drain', more);
          }
          res.end();
        };
        more();
      });
      const gw = await gateway(poolOf(up.port, { answerTimeoutMs: 300 }));
      const response = await new Promise<IncomingMessage>((resolve, reject) => httpRequest(gw.url, { agent: false }, resolve).on('error', reject).end());
      response.pause();
      // Well past the answer timeout, with the buffers full and nothing moving: the gateway holds the upstream.
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(written).toBeLessThan(SIZE);
      const chunks: Buffer[] = [];
      for await (const chunk of response) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      expect(body.length).toBe(SIZE);
      expect(sha256(body)).toBe(sha256(whole));
      expect(await gw.dones.next()).toEqual({ headersSent: true });
    });
  });

  describe('a sink whose head returns a promise', () => {
    /** A gateway whose sink writes the head once `open` is called; `heads` hears of each head as it is held. */
    async function heldGateway(pool: ForwardPool) {
      const heads = new Queue<{ res: ServerResponse; writes: () => number; open: () => void; fail: (err: Error) => void }>();
      const gw = await gateway(pool, (res, status, headers) => new Promise<void>((resolve, reject) => {
        let writes = 0;
        const write = res.write.bind(res) as (chunk: Buffer) => boolean;
        res.write = ((chunk: Buffer) => { writes++; return write(chunk); }) as typeof res.write;
        heads.push({
          res,
          writes: () => writes,
          open: () => {
            writeHead(res, status, headers);
            resolve();
          },
          fail: reject,
        });
      }));
      return { ...gw, heads };
    }

    it('holds the body until the promise resolves', async () => {
      const sent = new Queue<void>();
      const up = await upstream((req, res) => {
        res.writeHead(201, { 'content-type': 'text/plain' });
        res.write('held ');
        res.end('body', () => sent.push());
      });
      const pool = poolOf(up.port);
      const gw = await heldGateway(pool);
      const answer = ask(gw.url);
      const held = await gw.heads.next();
      await sent.next();
      // No event says the held bytes reached the gateway: give them the time to, then none went to the client.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(held.writes()).toBe(0);
      expect(held.res.headersSent).toBe(false);
      held.open();
      const got = await answer;
      expect(got.status).toBe(201);
      expect(got.body.toString()).toBe('held body');
      expect(await gw.dones.next()).toEqual({ headersSent: true });
      // And the connection is kept.
      const again = ask(gw.url);
      (await gw.heads.next()).open();
      expect((await again).body.toString()).toBe('held body');
      expect(up.connections).toHaveLength(1);
    });

    it('holds the end of a bodyless answer until the promise resolves', async () => {
      const up = await upstream((req, res) => { res.writeHead(204).end(); });
      const gw = await heldGateway(poolOf(up.port));
      const answer = ask(gw.url);
      const held = await gw.heads.next();
      // No event says the exchange did not end: give it the time to.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(gw.dones.all).toEqual([]);
      expect(held.res.writableEnded).toBe(false);
      held.open();
      expect((await answer).status).toBe(204);
      expect(await gw.dones.next()).toEqual({ headersSent: true });
    });

    it('does not time the upstream out while it holds the body for longer than answerTimeoutMs', async () => {
      const whole = randomBody(1024 * 1024);
      const up = await upstream((req, res) => { res.writeHead(200, { 'content-length': String(whole.length) }).end(whole); });
      const gw = await heldGateway(poolOf(up.port, { answerTimeoutMs: 300 }));
      const answer = ask(gw.url);
      const held = await gw.heads.next();
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(gw.dones.all).toEqual([]);
      held.open();
      const got = await answer;
      expect(got.status).toBe(200);
      expect(sha256(got.body)).toBe(sha256(whole));
      expect(await gw.dones.next()).toEqual({ headersSent: true });
    });

    it('ends the exchange with its rejection, the client\'s response untouched', async () => {
      const up = await upstream((req, res) => { res.end('never seen'); });
      const gw = await heldGateway(poolOf(up.port));
      const answer = ask(gw.url);
      (await gw.heads.next()).fail(new Error('positions not recorded'));
      expect((await answer).status).toBe(502);
      expect(await gw.dones.next()).toEqual({ err: new Error('positions not recorded'), headersSent: false });
    });

    it('ends the exchange with what it throws, the client\'s response untouched', async () => {
      const up = await upstream((req, res) => { res.end('never seen'); });
      const gw = await gateway(poolOf(up.port), () => { throw new Error('no head for you'); });
      expect((await ask(gw.url)).status).toBe(502);
      expect(await gw.dones.next()).toEqual({ err: new Error('no head for you'), headersSent: false });
    });

    it.each([
      ['a whole answer the upstream closed the connection after', 'HTTP/1.1 201 Created\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello', 201, 'hello'],
      ['an answer that ran to the close', 'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nuntil the end', 200, 'until the end'],
    ])('passes on %s while it was held', async (_what, written, status, body) => {
      const up = await rawUpstream((socket) => onRequests(socket, () => { socket.end(written); }));
      const pool = poolOf(up.port);
      const gw = await heldGateway(pool);
      const answer = ask(gw.url);
      const held = await gw.heads.next();
      await until(() => pool.size === 0, 'the connection closed');
      held.open();
      const got = await answer;
      expect(got.status).toBe(status);
      expect(got.body.toString()).toBe(body);
      expect(await gw.dones.next()).toEqual({ headersSent: true });
    });

    it('ends an answer cut short by a close while it was held with an error, once resolved', async () => {
      const up = await rawUpstream((socket) => onRequests(socket, () => {
        socket.end('HTTP/1.1 200 OK\r\nContent-Length: 50\r\n\r\ncut short');
      }));
      const pool = poolOf(up.port);
      const gw = await heldGateway(pool);
      const answer = ask(gw.url);
      const held = await gw.heads.next();
      await until(() => pool.size === 0, 'the connection closed');
      held.open();
      await expect(answer).rejects.toThrow(/aborted|socket hang up|ECONNRESET/);
      const done = await gw.dones.next();
      expect(done.err).toBeInstanceOf(MalformedAnswer);
    });
  });

  describe('close', () => {
    it('closes the idle connections and resolves when they are gone', async () => {
      const up = await upstream((req, res) => { res.end('ok'); });
      const pool = poolOf(up.port);
      const gw = await gateway(pool);
      await Promise.all([ask(gw.url), ask(gw.url)]);
      expect(pool.size).toBe(2);
      const upstreamClosed = up.connections.map((socket) => once(socket, 'close'));
      await pool.close();
      expect(pool.size).toBe(0);
      await Promise.all(upstreamClosed);
    });

    it('called twice, returns the same promise, which resolves once the busy connection finished its answer too', async () => {
      const pending = new Queue<ServerResponse>();
      const up = await upstream((req, res) => {
        if (req.url === '/busy') pending.push(res);
        else res.end('ok');
      });
      const pool = poolOf(up.port);
      const gw = await gateway(pool);
      const busy = ask(`${gw.url}/busy`);
      const res = await pending.next();
      await ask(`${gw.url}/idle`);
      expect(pool.size).toBe(2);
      const [busyUpstream, idleUpstream] = [res.socket!, up.connections.find((socket) => socket !== res.socket)!];
      let resolved = 0;
      const first = pool.close();
      const second = pool.close();
      expect(second).toBe(first);
      for (const closing of [first, second]) void closing.then(() => { resolved++; });
      // The idle connection is gone, the busy one is not: neither call has resolved.
      await once(idleUpstream, 'close');
      await until(() => pool.size === 1, 'the idle connection forgotten');
      expect(resolved).toBe(0);
      expect(busyUpstream.closed).toBe(false);
      res.end('finished');
      expect((await busy).body.toString()).toBe('finished');
      await Promise.all([first, second]);
      expect(resolved).toBe(2);
      expect(pool.size).toBe(0);
      expect(pool.close()).toBe(first);
      await until(() => busyUpstream.closed, 'the busy connection closed at the upstream');
    });

    it('resolves at once without connections', async () => {
      const up = await upstream((req, res) => { res.end('ok'); });
      const pool = poolOf(up.port);
      await pool.close();
      expect(pool.size).toBe(0);
      expect(up.connections).toHaveLength(0);
    });

    it('lets a busy connection finish its answer, ends the waiting exchanges and refuses new ones', async () => {
      const pending = new Queue<ServerResponse>();
      const up = await upstream((req, res) => pending.push(res));
      const pool = poolOf(up.port, { connections: 1 });
      const gw = await gateway(pool);
      const busy = ask(`${gw.url}/busy`);
      const res = await pending.next();
      const waiting = ask(`${gw.url}/waiting`);
      await until(() => gw.responses.all.length === 2, 'the second request at the gateway');
      let closed = false;
      const closing = pool.close().then(() => { closed = true; });
      expect((await waiting).status).toBe(502);
      expect(closed).toBe(false);
      res.end('finished');
      expect((await busy).body.toString()).toBe('finished');
      await closing;
      expect(pool.size).toBe(0);
      expect((await ask(`${gw.url}/after`)).status).toBe(502);
      const messages = gw.dones.all.map((d) => d.err?.message);
      expect(messages).toEqual([`the pool of http://127.0.0.1:${up.port} is closed`, undefined, `the pool of http://127.0.0.1:${up.port} is closed`]);
    });
  });
});
