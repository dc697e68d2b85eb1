import { NotFoundException } from '@nestjs/common';
import { DomainError, isRouteMethod } from '@berth/http';
import type { GatewayExchange, Step } from '../pipeline/exchange';
import { servicePath } from '../services/service-path';
import type { OwnAnswer, OwnResources } from './own-resources';
import { owningApp, UPSTREAM_APPS, UpstreamApp } from './route-table';

/** The route label of requests forwarded to each internal app (made once, not per request). */
const PROXY_ROUTES = Object.fromEntries(UPSTREAM_APPS.map((app) => [app, `proxy:${app}`])) as Record<UpstreamApp, string>;

/** Where the route step sends a request, by kind. */
export interface Destinations {
  /** The resources the gateway answers itself. */
  own: OwnResources;
  /** The security headers (libs/http) of the answers the gateway writes itself. */
  security: Readonly<Record<string, string>>;
  app(ex: GatewayExchange, app: UpstreamApp): Promise<void>;
  service(ex: GatewayExchange, target: { name: string; rest: string }): Promise<void>;
  serviceUpgrade(ex: GatewayExchange, target: { name: string; rest: string }): Promise<void>;
}

/**
 * The last step (docs/architecture.md): a path an internal app owns goes to that app, any method
 * (the app answers one it does not serve with 405); `/service/<name>/…` to the microservice, as
 * HTTP or as an upgrade; the gateway's own resources are answered here; anything else is 404, or
 * 405 with `Allow` where the path exists under other methods. An upgrade anywhere but a
 * microservice is 404. The route label of the request's metrics is set here.
 */
export function route(to: Destinations): Step {
  return (ex) => {
    const { req, path } = ex;
    if (ex.upgrade) {
      const target = owningApp(path) ? undefined : servicePath(path);
      if (!target) throw new DomainError('general', 'Not Found', `No upgrade at ${path}`);
      ex.route = 'upgrade:service';
      return to.serviceUpgrade(ex, target);
    }
    const app = owningApp(path);
    if (app) {
      ex.route = PROXY_ROUTES[app];
      return to.app(ex, app);
    }
    const service = isRouteMethod(req.method) ? servicePath(path) : undefined;
    if (service) {
      ex.route = 'proxy:service';
      return to.service(ex, service);
    }
    const own = to.own.find(req.method!, path);
    if (!own) throw new NotFoundException();
    ex.route = path;
    const answer = own(ex);
    if (answer instanceof Promise) return answer.then((a) => send(ex, a, to.security));
    send(ex, answer, to.security);
    return undefined;
  };
}

function send({ res, headers }: GatewayExchange, answer: OwnAnswer, security: Readonly<Record<string, string>>): void {
  res.writeHead(answer.status ?? 200, { ...security, ...headers, ...answer.headers, 'content-length': Buffer.byteLength(answer.body) }).end(answer.body);
}
