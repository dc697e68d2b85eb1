import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { ServiceRouteV1, ServiceRoutesChanged, serviceRoutesKey } from '@berth/contracts';
import { createEnvelope, Publisher } from '@berth/messaging';
import { BASE_CONFIG, PUBLISHER, REDIS } from '@berth/runtime';
import type { BaseConfig } from '@berth/config';
import type { DeploymentDocument } from '../domain/deployment';
import { routedInstances } from '../domain/rollout';

export type RouteContent = Omit<ServiceRouteV1, 'revision' | 'removed'>;

/**
 * Publishes the routes of hosted microservices: each change is written to the Redis hash
 * `serviceRoutesKey(prefix)` first (what a starting gateway reads), then announced as
 * `ServiceRoutesChanged` on `orchestrator.deployment.v1`. Unchanged routes are not published
 * again; after a restart everything is published once.
 */
@Injectable()
export class RoutePublisher {
  private readonly published = new Map<string, string>();
  private readonly key: string;
  private last = 0;
  private loaded = false;

  constructor(@Inject(REDIS) private readonly redis: Redis, @Inject(PUBLISHER) private readonly publisher: Publisher, @Inject(BASE_CONFIG) config: BaseConfig) {
    this.key = serviceRoutesKey(config.BERTH_DB_PREFIX);
  }

  /** Makes the published table exactly `routes`: changed ones are published, names no longer present are published as removed. */
  async sync(routes: RouteContent[]): Promise<void> {
    if (!this.loaded) {
      for (const name of await this.redis.hkeys(this.key)) this.published.set(name, '');
      this.loaded = true;
    }
    const current = new Set<string>();
    for (const route of routes) {
      current.add(route.name);
      const content = JSON.stringify(route);
      if (this.published.get(route.name) !== content) await this.publish({ ...route, revision: this.revision() }, content);
    }
    for (const name of [...this.published.keys()]) {
      if (!current.has(name)) await this.publish({ name, applicationId: '', isolation: 'MULTI_TENANT', tenants: [], endpoints: {}, revision: this.revision(), removed: true });
    }
  }

  private async publish(route: ServiceRouteV1, content?: string) {
    if (route.removed) await this.redis.hdel(this.key, route.name);
    else await this.redis.hset(this.key, route.name, JSON.stringify(route));
    const envelope = createEnvelope(ServiceRoutesChanged, {
      source: 'microservice-orchestrator', tenantId: 'management', aggregateId: route.name, aggregateVersion: route.revision, payload: route,
    });
    await this.publisher.publish(ServiceRoutesChanged.topic, envelope);
    if (route.removed) this.published.delete(route.name);
    else this.published.set(route.name, content!);
  }

  /** Milliseconds since the epoch, made strictly increasing within the process. */
  private revision(): number {
    this.last = Math.max(this.last + 1, Date.now());
    return this.last;
  }
}

/**
 * The routes of the deployments: one per microservice name, endpoints by tenant for PER_TENANT;
 * during an update, those of one revision (`routedInstances`). Where no endpoint is healthy, the
 * `/health` answer of the newest instance that has one (`InstanceState.health`) goes with it.
 */
export function routesOf(deployments: DeploymentDocument[]): RouteContent[] {
  const byApp = new Map<string, RouteContent>();
  for (const d of deployments) {
    const route = byApp.get(d.applicationId) ?? { name: d.name, applicationId: d.applicationId, isolation: d.isolation, tenants: [], endpoints: {} };
    route.tenants = [...new Set([...route.tenants, ...d.tenants])].sort();
    // Instances behind one Service (Kubernetes) share its endpoint: listed once.
    const key = d.tenant ?? '*';
    route.endpoints[key] = [...new Set(routedInstances(d).filter((i) => i.endpoint).map((i) => i.endpoint!))];
    const answer = route.endpoints[key].length ? undefined : newestHealthAnswer(d);
    if (answer) route.health = { ...route.health, [key]: answer };
    byApp.set(d.applicationId, route);
  }
  return [...byApp.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The `/health` answer of the deployment's newest instance (of either revision) that has one. */
function newestHealthAnswer(d: DeploymentDocument): string | undefined {
  return [...d.instances, ...(d.outgoing?.instances ?? [])].filter((i) => i.health)
    .sort((a, b) => b.startedAt.localeCompare(a.startedAt))[0]?.health;
}
