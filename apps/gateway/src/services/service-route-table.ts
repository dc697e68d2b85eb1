import type { ServiceRouteV1 } from '@berth/contracts';

/** Where a request for a hosted microservice goes, or why it goes nowhere. */
export type ServiceTarget =
  | { kind: 'endpoint'; endpoint: string }
  | { kind: 'unknown' }
  | { kind: 'not-subscribed' }
  | { kind: 'down' };

/** A route's `/health` answer as `/service/<name>/health` gives it while no instance is healthy: its status DOWN whatever it said. */
function downAnswer(text: string): Buffer | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
    return Buffer.from(JSON.stringify({ ...value, status: 'DOWN' }));
  } catch {
    return undefined;
  }
}

/**
 * The gateway's in-memory table of hosted microservices, name → route, as the orchestrator
 * publishes it. A route older (by revision) than the one held is ignored; a removed one is
 * forgotten. Requests are spread round-robin over a route's healthy endpoints. A route's health
 * answers are made into the bytes served when it is applied, not per request.
 */
export class ServiceRouteTable {
  private readonly routes = new Map<string, ServiceRouteV1>();
  /** name → endpoints key → the DOWN answer of `/service/<name>/health`. */
  private readonly downAnswers = new Map<string, Map<string, Buffer>>();
  private turn = 0;

  /** Applies a route; returns false when it was older than the one held. */
  apply(route: ServiceRouteV1): boolean {
    const held = this.routes.get(route.name);
    if (held && held.revision > route.revision) return false;
    this.downAnswers.delete(route.name);
    if (route.removed) this.routes.delete(route.name);
    else {
      this.routes.set(route.name, route);
      const answers = Object.entries(route.health ?? {}).flatMap(([key, text]) => {
        const bytes = typeof text === 'string' ? downAnswer(text) : undefined;
        return bytes ? [[key, bytes] as const] : [];
      });
      if (answers.length) this.downAnswers.set(route.name, new Map(answers));
    }
    return true;
  }

  /**
   * The service's own DOWN answer for `/service/<name>/health` while it has no healthy instance:
   * the caller's tenant's (PER_TENANT) or the shared one, else any; undefined when there is none.
   */
  downAnswer(name: string, tenant: string | undefined): Buffer | undefined {
    const answers = this.downAnswers.get(name);
    if (!answers) return undefined;
    const route = this.routes.get(name);
    const own = tenant !== undefined ? answers.get(route?.isolation === 'PER_TENANT' ? tenant : '*') : undefined;
    return own ?? answers.values().next().value;
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
