import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AuthenticationError, Authenticator, type Caller } from './authenticator';
import { configFromEnv, type MicroserviceConfig } from './config';
import type { Credentials } from './credentials';
import type { MicroserviceSubscriptionAddedEvent, MicroserviceSubscriptionRemovedEvent, SubscriptionListener } from './events';
import { HttpError } from './http-error';
import { PlatformClient } from './platform-client';
import { resolveBootstrap } from './registration';
import { SubscriptionWatcher } from './subscriptions';

/** What a handler of a guarded endpoint gets. */
export interface RequestContext {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  caller: Caller;
  /** User scope: the platform as the caller (their own credentials). */
  user: PlatformClient;
  /** Tenant scope: the platform as the service user of the caller's tenant. @throws HttpError 403 when that tenant is not subscribed. */
  tenant(): PlatformClient;
  /** The request body as text. */
  text(): Promise<string>;
}

/** A handler's answer: a string (text/plain), a Buffer (octet-stream), or anything else as JSON; `undefined` is 204. */
export type Handler = (ctx: RequestContext) => unknown | Promise<unknown>;

export interface RouteOptions { /** The caller needs at least one of these roles (403 otherwise). */ roles?: string[] }

export interface MicroserviceOptions {
  config?: MicroserviceConfig;
  /** Where problems go (default: stderr as one JSON line). */
  log?: (level: 'info' | 'warn' | 'error', message: string, err?: unknown) => void;
  /** How long a caller's verified credentials are kept (ms, default 10000). */
  authCacheMs?: number;
}

interface Route { method: string; path: string; handler: Handler; roles: string[] }

/**
 * A hosted microservice: an HTTP server on `SERVER_PORT` serving `GET /health` without
 * authentication and the registered routes behind Basic authentication (checked against the
 * platform's `/user/currentUser`), plus the subscription watcher and the platform clients.
 */
export class Microservice {
  readonly config: MicroserviceConfig;
  readonly subscriptions: SubscriptionWatcher;
  private readonly routes: Route[] = [];
  private readonly authenticator: Authenticator;
  private readonly log: NonNullable<MicroserviceOptions['log']>;
  private bootstrap?: Credentials;
  private server?: Server;

  constructor(options: MicroserviceOptions = {}) {
    this.config = options.config ?? configFromEnv();
    this.log = options.log ?? ((level, message, err) => process.stderr.write(`${JSON.stringify({ level, time: new Date().toISOString(), message, ...(err ? { error: String((err as Error).message ?? err) } : {}) })}\n`));
    this.authenticator = new Authenticator(this.config.baseUrl, options.authCacheMs);
    this.subscriptions = new SubscriptionWatcher(() => this.bootstrapClient(), (message, err) => this.log('warn', message, err));
  }

  route(method: string, path: string, handler: Handler, options: RouteOptions = {}): this {
    this.routes.push({ method: method.toUpperCase(), path, handler, roles: options.roles ?? [] });
    return this;
  }

  get(path: string, handler: Handler, options?: RouteOptions): this { return this.route('GET', path, handler, options); }
  post(path: string, handler: Handler, options?: RouteOptions): this { return this.route('POST', path, handler, options); }

  onSubscriptionAdded(listener: SubscriptionListener<MicroserviceSubscriptionAddedEvent>): this { this.subscriptions.onAdded(listener); return this; }
  onSubscriptionRemoved(listener: SubscriptionListener<MicroserviceSubscriptionRemovedEvent>): this { this.subscriptions.onRemoved(listener); return this; }

  /** The platform as the bootstrap user (after registration). @throws Error before start() resolved it. */
  bootstrapClient(): PlatformClient {
    if (!this.bootstrap) throw new Error('no bootstrap user yet');
    return PlatformClient.forCredentials(this.config.baseUrl, this.bootstrap, this.config.applicationKey);
  }

  /** Tenant scope: the platform as `tenant`'s service user (PER_TENANT: the container's own tenant user). */
  tenantClient(tenant: string): PlatformClient | undefined {
    const own = this.config.tenant;
    const credentials = own && own.tenant === tenant ? own : this.subscriptions.current().get(tenant);
    return credentials ? PlatformClient.forCredentials(this.config.baseUrl, credentials, this.config.applicationKey) : undefined;
  }

  /** User scope: the platform as the caller. */
  userClient(caller: Caller): PlatformClient {
    return new PlatformClient(this.config.baseUrl, caller.authorization, this.config.applicationKey);
  }

  /**
   * Listens on `port` (default `SERVER_PORT`; 0 for any), then resolves the bootstrap user
   * (self-registering when configured) and starts the subscription watcher. Without bootstrap
   * credentials the watcher does not run (logged); /health and the routes still serve.
   * @returns the port listened on.
   */
  async start(port = this.config.port, host?: string): Promise<number> {
    this.server = createServer((req, res) => { void this.handle(req, res); });
    this.server.keepAliveTimeout = 65000;
    await new Promise<void>((resolve, reject) => { this.server!.once('error', reject); this.server!.listen(port, host, resolve); });
    const listening = (this.server.address() as AddressInfo).port;
    if (!this.config.bootstrap.user) {
      this.log('warn', 'no bootstrap user given: subscriptions are not watched');
    } else {
      try {
        this.bootstrap = await resolveBootstrap(this.config);
        this.subscriptions.start(this.config.initialDelayMs, this.config.delayMs);
      } catch (err) {
        this.log('error', 'registration failed: subscriptions are not watched', err);
      }
    }
    this.log('info', `listening on ${listening}`);
    return listening;
  }

  async stop(): Promise<void> {
    this.subscriptions.stop();
    const server = this.server;
    if (!server) return;
    server.closeIdleConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    try {
      if (url.pathname === '/health' && (req.method === 'GET' || req.method === 'HEAD')) return send(res, 200, { status: 'UP' });
      const caller = await this.authenticator.authenticate(req.headers.authorization);
      const route = this.routes.find((r) => r.path === url.pathname && r.method === req.method);
      if (!route) {
        const allowed = this.routes.filter((r) => r.path === url.pathname).map((r) => r.method);
        if (allowed.length) res.setHeader('allow', allowed.join(', '));
        throw allowed.length ? new HttpError(405, `${req.method} is not allowed on ${url.pathname}`, 'general/Method Not Allowed')
          : new HttpError(404, `no resource at ${url.pathname}`, 'general/Not Found');
      }
      if (route.roles.length && !route.roles.some((r) => caller.roles.includes(r))) {
        throw new HttpError(403, `needs one of the roles ${route.roles.join(', ')}`, 'security/Forbidden');
      }
      const result = await route.handler({
        method: req.method!, path: url.pathname, query: url.searchParams, headers: req.headers, caller, user: this.userClient(caller),
        tenant: () => {
          const client = caller.tenant ? this.tenantClient(caller.tenant) : undefined;
          if (!client) throw new HttpError(403, `tenant ${caller.tenant ?? '(unknown)'} is not subscribed`, 'security/Forbidden');
          return client;
        },
        text: () => readText(req),
      });
      send(res, 200, result);
    } catch (err) {
      if (err instanceof AuthenticationError) {
        if (err.status === 401) res.setHeader('www-authenticate', 'Basic realm="microservice"');
        else res.setHeader('retry-after', '5'); // the platform is out of reach: a caller may retry
        return send(res, err.status, { error: err.status === 401 ? 'security/Unauthorized' : 'general/Service Unavailable', message: err.message });
      }
      if (err instanceof HttpError) return send(res, err.status, { error: err.error, message: err.message });
      this.log('error', `${req.method} ${url.pathname} failed`, err);
      send(res, 500, { error: 'general/Internal Error', message: 'the microservice failed to answer' });
    }
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  if (body === undefined) {
    res.writeHead(status === 200 ? 204 : status).end();
  } else if (typeof body === 'string') {
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(body) }).end(body);
  } else if (Buffer.isBuffer(body)) {
    res.writeHead(status, { 'content-type': 'application/octet-stream', 'content-length': body.length }).end(body);
  } else {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }).end(text);
  }
}

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
