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
 * One of the service's own health checks: it passes when it resolves (to anything but `false`), and
 * fails, with the error's message as the reason, when it throws, resolves `false`, or takes longer
 * than its `timeoutMs`.
 */
export type HealthCheck = () => unknown | Promise<unknown>;

export interface HealthCheckOptions { /** How long the check may take (ms, default 1000). */ timeoutMs?: number }

/** One entry of `/health`'s details. */
export interface HealthDetail { status: 'UP' | 'DOWN'; reason?: string }

/** What `/health` answers: DOWN (503) when any detail is DOWN. */
export interface HealthReport { status: 'UP' | 'DOWN'; details?: Record<string, HealthDetail> }

const CHECK_TIMEOUT_MS = 1000;
/** The detail naming the SDK's own readiness: registration done and subscriptions loaded. */
const SUBSCRIPTIONS_CHECK = 'subscriptions';

/**
 * A hosted microservice: an HTTP server on `SERVER_PORT` serving `GET /health` without
 * authentication and the registered routes behind Basic authentication (checked against the
 * platform's `/user/currentUser`), plus the subscription watcher and the platform clients.
 * `/health` is DOWN until the service is ready to serve every subscribed tenant — registered and
 * its subscriptions loaded — and while one of its own checks fails (docs/microservices.md#health-and-the-guard).
 */
export class Microservice {
  readonly config: MicroserviceConfig;
  readonly subscriptions: SubscriptionWatcher;
  private readonly routes: Route[] = [];
  private readonly authenticator: Authenticator;
  private readonly log: NonNullable<MicroserviceOptions['log']>;
  private bootstrap?: Credentials;
  private server?: Server;
  private readonly checks = new Map<string, { check: HealthCheck; timeoutMs: number }>();
  private registrationProblem?: string;
  private retry?: NodeJS.Timeout;
  private stopped = false;

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

  /** Adds (or replaces) a check of the service's own, run at each `/health` request; see `HealthCheck`. */
  healthCheck(name: string, check: HealthCheck, options: HealthCheckOptions = {}): this {
    this.checks.set(name, { check, timeoutMs: options.timeoutMs ?? CHECK_TIMEOUT_MS });
    return this;
  }

  /**
   * What `/health` answers now: the service's checks, run at once, and while the SDK is not ready
   * (registration failed, or no subscription fetch done yet), `subscriptions` with the reason.
   * `details` is left out when there is nothing to list.
   */
  async health(): Promise<HealthReport> {
    const details: Record<string, HealthDetail> = {};
    const readiness = this.readiness();
    if (readiness) details[SUBSCRIPTIONS_CHECK] = { status: 'DOWN', reason: readiness };
    const results = await Promise.all([...this.checks].map(async ([name, { check, timeoutMs }]) => [name, await runCheck(check, timeoutMs)] as const));
    for (const [name, detail] of results) details[name] = detail;
    const status = Object.values(details).every((d) => d.status === 'UP') ? 'UP' : 'DOWN';
    return Object.keys(details).length ? { status, details } : { status };
  }

  /** Why the SDK is not ready to serve every subscribed tenant; undefined once it is (or when no bootstrap user is given). */
  private readiness(): string | undefined {
    if (!this.config.bootstrap.user) return undefined;
    if (this.registrationProblem) return this.registrationProblem;
    if (!this.bootstrap) return 'registering';
    const loaded = this.subscriptions.loaded();
    return loaded.loaded ? undefined : loaded.reason;
  }

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
   * (self-registering when configured; tried again every `delayMs` while it fails) and starts the
   * subscription watcher. Without bootstrap credentials the watcher does not run (logged); /health
   * and the routes still serve.
   * @returns the port listened on.
   */
  async start(port = this.config.port, host?: string): Promise<number> {
    this.stopped = false;
    this.server = createServer((req, res) => { void this.handle(req, res); });
    this.server.keepAliveTimeout = 65000;
    await new Promise<void>((resolve, reject) => { this.server!.once('error', reject); this.server!.listen(port, host, resolve); });
    const listening = (this.server.address() as AddressInfo).port;
    if (!this.config.bootstrap.user) this.log('warn', 'no bootstrap user given: subscriptions are not watched');
    else await this.register();
    this.log('info', `listening on ${listening}`);
    return listening;
  }

  /** Resolves the bootstrap user and starts watching subscriptions; on failure, says why on /health and tries again after `delayMs`. */
  private async register(): Promise<void> {
    try {
      this.bootstrap = await resolveBootstrap(this.config);
      this.registrationProblem = undefined;
      this.subscriptions.start(this.config.initialDelayMs, this.config.delayMs);
    } catch (err) {
      this.registrationProblem = `registration failed: ${(err as Error).message ?? err}`;
      this.log('error', 'registration failed: subscriptions are not watched yet; trying again', err);
      if (!this.stopped) this.retry = setTimeout(() => { void this.register(); }, this.config.delayMs);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    this.subscriptions.stop();
    const server = this.server;
    if (!server) return;
    server.closeIdleConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    try {
      if (url.pathname === '/health' && (req.method === 'GET' || req.method === 'HEAD')) {
        const report = await this.health();
        return send(res, report.status === 'UP' ? 200 : 503, report);
      }
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

/** Runs one health check within `timeoutMs`. */
async function runCheck(check: HealthCheck, timeoutMs: number): Promise<HealthDetail> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs); });
  try {
    const result = await Promise.race([Promise.resolve().then(check), timeout]);
    return result === false ? { status: 'DOWN', reason: 'the check failed' } : { status: 'UP' };
  } catch (err) {
    return { status: 'DOWN', reason: String((err as Error)?.message ?? err) };
  } finally {
    clearTimeout(timer);
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
