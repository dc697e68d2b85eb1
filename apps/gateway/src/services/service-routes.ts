import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import { ServiceRoutesChanged, serviceRoutesKey, ServiceRouteV1, TenantSubscribed, TenantSubscribedV1, TenantUnsubscribed } from '@berth/contracts';
import { BASE_CONFIG, PINO, REDIS } from '@berth/runtime';
import type { GatewayConfig } from '../config/gateway.env';
import { GatewayEvents } from '../events/gateway-events';
import { ForwardPool } from '../proxy/http1/forward-pool';
import { forwardPoolOptions } from '../proxy/upstreams';
import { ServiceRouteTable, ServiceTarget } from './service-route-table';

/**
 * The routes of hosted microservices: read whole from Redis at start-up (before the gateway
 * listens) and again once its events are followed (a change between the two is not lost), then
 * kept current from `ServiceRoutesChanged` events. One keep-alive ForwardPool per
 * endpoint, closed when no route names the endpoint any more. A tenant's unsubscription counts at
 * once, from the subscription app's own event: the route, which the orchestrator changes once it
 * has learned of it, may still list the tenant (docs/consistency.md).
 */
@Injectable()
export class ServiceRoutes implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly table = new ServiceRouteTable();
  private readonly pools = new Map<string, ForwardPool>();
  /** `<name>\n<tenant>` → the version of the subscription's newest event, negative when it ended. */
  private readonly subscriptions = new Map<string, number>();

  constructor(
    @Inject(REDIS) private readonly redis: Redis, @Inject(BASE_CONFIG) private readonly config: GatewayConfig,
    events: GatewayEvents, @Inject(PINO) private readonly logger: Logger,
  ) {
    events.onFollowing(() => this.load());
    events.on((envelope) => {
      if (envelope.type === ServiceRoutesChanged.type) this.apply(envelope.payload as ServiceRouteV1);
      else if (envelope.type === TenantSubscribed.type || envelope.type === TenantUnsubscribed.type) {
        this.follow(envelope.payload as Partial<TenantSubscribedV1>, Number(envelope.aggregateVersion) || 0, envelope.type === TenantSubscribed.type);
      }
    });
  }

  async onApplicationBootstrap() {
    await this.load();
  }

  /** Every route Redis holds; a route older than the one known already is ignored, so loading again is harmless. */
  private async load(): Promise<void> {
    const all = await this.redis.hgetall(serviceRoutesKey(this.config.BERTH_DB_PREFIX));
    for (const value of Object.values(all)) this.apply(JSON.parse(value) as ServiceRouteV1);
    this.logger.info({ routes: Object.keys(all).length }, 'microservice routes loaded');
  }

  async onApplicationShutdown() {
    await Promise.all([...this.pools.values()].map((p) => p.close()));
  }

  /** Where a request to microservice `name` goes for `tenant` (the route table's answer, unless the tenant has since unsubscribed). */
  target(name: string, tenant: string | undefined): ServiceTarget {
    if (tenant !== undefined && (this.subscriptions.get(`${name}\n${tenant}`) ?? 0) < 0) return { kind: 'not-subscribed' };
    return this.table.target(name, tenant);
  }

  /** The service's own DOWN answer of `/service/<name>/health` (see `ServiceRouteTable.downAnswer`). */
  downAnswer(name: string, tenant: string | undefined): Buffer | undefined {
    return this.table.downAnswer(name, tenant);
  }

  /** The keep-alive pool of an endpoint (`http://host:port`). */
  pool(endpoint: string): ForwardPool {
    let pool = this.pools.get(endpoint);
    if (!pool) {
      pool = new ForwardPool(endpoint, forwardPoolOptions(this.config));
      this.pools.set(endpoint, pool);
    }
    return pool;
  }

  private follow(p: Partial<TenantSubscribedV1>, version: number, subscribed: boolean) {
    if (p.applicationType !== 'MICROSERVICE' || typeof p.applicationName !== 'string' || typeof p.tenant !== 'string') return;
    const key = `${p.applicationName}\n${p.tenant}`;
    if (Math.abs(this.subscriptions.get(key) ?? 0) < version) this.subscriptions.set(key, subscribed ? version : -version);
  }

  private apply(route: ServiceRouteV1) {
    if (typeof route?.name !== 'string' || typeof route.revision !== 'number') return;
    if (!this.table.apply(route)) return;
    const live = this.table.endpoints();
    for (const [endpoint, pool] of this.pools) {
      if (!live.has(endpoint)) {
        this.pools.delete(endpoint);
        void pool.close().catch(() => undefined);
      }
    }
  }
}
