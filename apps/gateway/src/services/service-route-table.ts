import type { ServiceRouteV1 } from '@berth/contracts';

/** Where a request for a hosted microservice goes, or why it goes nowhere. */
export type ServiceTarget =
  | { kind: 'endpoint'; endpoint: string }
  | { kind: 'unknown' }
  | { kind: 'not-subscribed' }
  | { kind: 'down' };

/**
 * The gateway's in-memory table of hosted microservices, name → route, as the orchestrator
 * publishes it. A route older (by revision) than the one held is ignored; a removed one is
 * forgotten. Requests are spread round-robin over a route's healthy endpoints.
 */
export class ServiceRouteTable {
  private readonly routes = new Map<string, ServiceRouteV1>();
  private turn = 0;

  /** Applies a route; returns false when it was older than the one held. */
  apply(route: ServiceRouteV1): boolean {
    const held = this.routes.get(route.name);
    if (held && held.revision > route.revision) return false;
    if (route.removed) this.routes.delete(route.name);
    else this.routes.set(route.name, route);
    return true;
  }

  /** Every endpoint of every route (to close the connection pools of endpoints that went away). */
  endpoints(): Set<string> {
    return new Set([...this.routes.values()].flatMap((r) => Object.values(r.endpoints).flat()));
  }

  /**
   * The endpoint for a request to `name` by a caller of `tenant`: unknown name; tenant not
   * subscribed; no healthy instance; or an endpoint. Without a tenant (the public health path)
   * any healthy endpoint of the microservice serves.
   */
  target(name: string, tenant: string | undefined): ServiceTarget {
    const route = this.routes.get(name);
    if (!route) return { kind: 'unknown' };
    if (tenant !== undefined && !route.tenants.includes(tenant)) return { kind: 'not-subscribed' };
    const candidates = tenant === undefined
      ? Object.values(route.endpoints).flat()
      : route.endpoints[route.isolation === 'PER_TENANT' ? tenant : '*'] ?? [];
    if (candidates.length === 0) return { kind: 'down' };
    this.turn = (this.turn + 1) % 1_000_000;
    return { kind: 'endpoint', endpoint: candidates[this.turn % candidates.length] };
  }
}
