import { defineContract } from '../contract';
import { Topics } from '../catalogue';

/** Where one hosted microservice can be reached, as the orchestrator last saw it. */
export interface ServiceRouteV1 {
  /** The microservice's name: the `<name>` of `/service/<name>/…`. */
  name: string;
  applicationId: string;
  isolation: 'MULTI_TENANT' | 'PER_TENANT';
  /** Tenants subscribed to it; callers of any other tenant get 403. */
  tenants: string[];
  /**
   * Healthy endpoints (`http://host:port`): for MULTI_TENANT under the key `*`, for PER_TENANT
   * under each tenant's id. An empty or missing list means no healthy instance.
   */
  endpoints: Record<string, string[]>;
  /**
   * Under the keys of `endpoints` that have no healthy endpoint: the last `GET /health` answer of
   * the newest unready instance, a JSON object as text of at most 4 KiB, when it answered one.
   */
  health?: Record<string, string>;
  /** Grows with every change of this route; a holder ignores a route older than the one it has. */
  revision: number;
  /** The microservice is no longer deployed (unsubscribed everywhere, deleted): forget the route. */
  removed?: boolean;
}

/**
 * The route of a hosted microservice changed (instances became healthy or unhealthy, tenants
 * subscribed or left, it was removed). Key: the name. The same routes are kept in Redis, in the
 * hash {@link serviceRoutesKey}, field = name, value = the route as JSON, so a gateway that
 * starts reads the whole table there and then follows these events.
 */
export const ServiceRoutesChanged = defineContract<ServiceRouteV1>(Topics.deploymentEvents, 'ServiceRoutesChanged', 1);

/** The Redis hash holding every current route of the stack with database prefix `prefix`. */
export const serviceRoutesKey = (prefix: string) => `${prefix}:service-routes`;
