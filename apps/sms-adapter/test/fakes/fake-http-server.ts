import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

/** One request a fake provider received, after its failure rules (so failed calls are listed too). */
export interface RecordedRequest { method: string; path: string; headers: IncomingMessage['headers']; body: string }

/** A failure the fake answers instead of doing its job, to the next `times` requests whose path matches. */
export interface FailureRule {
  status: number;
  times?: number;
  path?: RegExp;
  body?: unknown;
  headers?: Record<string, string>;
  /** Never answer (the client's timeout is under test); the socket is closed on stop(). */
  hang?: boolean;
}

export interface FakeAnswer { status: number; body?: unknown; headers?: Record<string, string> }
export type Route = (req: IncomingMessage, body: string, url: URL) => FakeAnswer | Promise<FakeAnswer>;

/**
 * A real node:http server on 127.0.0.1 for provider fakes: `start()` listens (port 0 picks one;
 * after `stop()` it listens again on the same port, so a test can make the provider unreachable
 * and bring it back), `fail()` queues error answers, `requests` lists what arrived.
 */
export class FakeHttpServer {
  readonly requests: RecordedRequest[] = [];
  private server?: Server;
  private port = 0;
  private readonly failures: Array<Required<Pick<FailureRule, 'status' | 'times'>> & FailureRule> = [];
  /** Runs as each request arrives, before it is answered (a test can move a fake clock while a call is in flight). */
  onRequest?: (request: RecordedRequest) => void;

  constructor(private readonly route: Route) {}

  /** Listens; resolves to the base URL `http://127.0.0.1:<port>`. */
  async start(port = this.port): Promise<string> {
    if (this.server) return this.url;
    const server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve()));
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    return this.url;
  }

  /** Stops listening and drops open connections: the provider's next call is refused. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url(): string {
    if (!this.port) throw new Error('the fake server was never started');
    return `http://127.0.0.1:${this.port}`;
  }

  fail(rule: FailureRule): void {
    this.failures.push({ ...rule, times: rule.times ?? 1 });
  }

  /** Requests whose path (without query) matches. */
  requestsTo(method: string, path: RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && path.test(r.path.split('?')[0]));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const path = req.url ?? '/';
    const recorded = { method: req.method ?? '', path, headers: req.headers, body };
    this.requests.push(recorded);
    this.onRequest?.(recorded);
    const failure = this.failures.find((f) => f.times > 0 && (!f.path || f.path.test(path)));
    if (failure) {
      failure.times--;
      if (failure.hang) return;
      return send(res, failure.status, failure.body ?? { error: { code: 'FAKE_FAILURE', message: `fake failure ${failure.status}` } }, failure.headers);
    }
    try {
      const answer = await this.route(req, body, new URL(path, 'http://fake'));
      send(res, answer.status, answer.body, answer.headers);
    } catch (err) {
      send(res, 500, { error: { code: 'FAKE_BUG', message: (err as Error).message } });
    }
  }
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (body === undefined) return void res.writeHead(status, headers).end();
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json', ...headers }).end(text);
}

/** The user and password of a Basic Authorization header, or undefined. */
export function basicCredentials(req: IncomingMessage): { user: string; password: string } | undefined {
  const match = /^Basic\s+(.+)$/i.exec(req.headers.authorization ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** POSTs JSON to a URL with extra headers; resolves to the status the receiver answered. */
export async function postJson(url: string, body: string, headers: Record<string, string> = {}): Promise<number> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  await res.arrayBuffer();
  return res.status;
}
