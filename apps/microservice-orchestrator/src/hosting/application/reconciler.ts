import { randomUUID } from 'node:crypto';
import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import { PINO, REDIS } from '@berth/runtime';
import type { OrchestratorConfig } from '../../config/microservice-orchestrator.env';
import { ORCHESTRATOR_CONFIG } from '../../config/orchestrator-config.token';
import type { DeploymentDocument, InstanceState } from '../domain/deployment';
import { afterProbe, probeDue, ProbeState, restartBackoffMs } from '../domain/instance-health';
import { probeHttp } from '../infrastructure/health-probe';
import { HostingStore } from '../infrastructure/hosting.store';
import { RouteContent, RoutePublisher } from '../infrastructure/route-publisher';
import { Deployer, DeploymentFailed } from './deployer';
import { ObservedInstance, RUNTIME_DRIVER, RuntimeDriver } from './ports/runtime-driver';

/**
 * One serialized loop converges the engine on the `deployments` collection: every
 * `BERTH_RECONCILE_INTERVAL_MS`, and at once after a desired-state change, it lists the stack's
 * containers by label, removes those no deployment wants (or of an older revision), replaces
 * exited ones (with exponential back-off, counted as restarts), starts missing replicas, probes
 * instances, records what it saw and publishes the routes. Everything it acts on is in MongoDB
 * and the engine, so a restarted orchestrator carries on where it stopped. Only the holder of a
 * Redis lease runs it, so several replicas never act twice.
 */
@Injectable()
export class Reconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly probes = new Map<string, ProbeState>();
  private readonly me = randomUUID();
  private timer?: NodeJS.Timeout;
  private current?: Promise<void>;
  private wanted = false;
  private stopped = false;

  constructor(
    private readonly store: HostingStore,
    @Inject(RUNTIME_DRIVER) private readonly driver: RuntimeDriver,
    private readonly deployer: Deployer,
    private readonly routes: RoutePublisher,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ORCHESTRATOR_CONFIG) private readonly config: OrchestratorConfig,
    @Inject(PINO) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap() {
    this.timer = setInterval(() => this.nudge(), this.config.BERTH_RECONCILE_INTERVAL_MS);
    this.nudge();
  }

  async onApplicationShutdown() {
    this.stopped = true;
    clearInterval(this.timer);
    await this.current;
  }

  /** Asks for a pass as soon as the current one (if any) ends. */
  nudge(): void {
    this.wanted = true;
    this.current ??= this.run().finally(() => { this.current = undefined; });
  }

  private async run() {
    while (this.wanted && !this.stopped) {
      this.wanted = false;
      try {
        if (await this.lease()) await this.pass();
      } catch (err) {
        this.logger.warn({ err }, 'reconcile pass failed; the next one retries');
      }
    }
  }

  private async lease(): Promise<boolean> {
    const key = `${this.config.BERTH_DB_PREFIX}:orchestrator:lease`;
    const ttl = Math.max(10_000, this.config.BERTH_RECONCILE_INTERVAL_MS * 5);
    if (await this.redis.set(key, this.me, 'PX', ttl, 'NX')) return true;
    if ((await this.redis.get(key)) !== this.me) return false;
    await this.redis.pexpire(key, ttl);
    return true;
  }

  private async pass() {
    const desired = await this.store.all();
    const observed = await this.driver.list();
    const byId = new Map(desired.map((d) => [d._id, d]));
    for (const c of observed) {
      const d = byId.get(c.deploymentId);
      if (!d || d.revision !== c.revision) await this.removeContainer(c, d ? 'replaced by a new revision' : 'no longer desired');
    }
    const after: DeploymentDocument[] = [];
    for (const d of desired) after.push(await this.converge(d, observed.filter((c) => c.deploymentId === d._id && c.revision === d.revision)));
    const live = new Set(after.flatMap((d) => d.instances.map((i) => i.id)));
    for (const id of [...this.probes.keys()]) if (!live.has(id)) this.probes.delete(id);
    await this.routes.sync(routesOf(after));
  }

  private async removeContainer(c: ObservedInstance, why: string) {
    this.logger.info({ container: c.name, deployment: c.deploymentId, why }, 'removing container');
    await this.driver.remove(c.id);
    this.probes.delete(c.id);
  }

  private async converge(d: DeploymentDocument, containers: ObservedInstance[]): Promise<DeploymentDocument> {
    const now = Date.now();
    const next: DeploymentDocument = { ...d };
    for (const c of containers.filter((x) => !x.running)) {
      const tail = (await this.driver.logs(c.id, { limit: 5 }).catch(() => [])).map((l) => l.text).join('\n').trim();
      await this.removeContainer(c, `exited (${c.state})`);
      next.restarts += 1;
      next.lastFailure = { at: new Date(now).toISOString(), reason: `instance ${c.name} stopped (${c.state})${tail ? `: ${tail.slice(-300)}` : ''}` };
      next.retryAt = new Date(now + restartBackoffMs(next.restarts)).toISOString();
    }
    const alive = containers.filter((c) => c.running);
    for (const extra of alive.splice(d.replicas)) await this.removeContainer(extra, 'more replicas than desired');
    const instances = alive.map((c) => ({ id: c.id, name: c.name, ports: c.ports }));
    const due = !next.failed && !(next.retryAt && Date.parse(next.retryAt) > now);
    for (let missing = d.replicas - instances.length; missing > 0 && due; missing--) {
      try {
        const { id, name } = await this.deployer.start(next);
        instances.push({ id, name, ports: await this.driver.ports(id) });
      } catch (err) {
        const reason = (err as Error).message;
        next.lastFailure = { at: new Date().toISOString(), reason };
        if (err instanceof DeploymentFailed) next.failed = true;
        else { next.restarts += 1; next.retryAt = new Date(Date.now() + restartBackoffMs(next.restarts)).toISOString(); }
        this.logger.warn({ deployment: d._id, reason }, err instanceof DeploymentFailed ? 'deployment failed' : 'instance did not start; retrying later');
        await this.store.record(d, {}, next.failed ? 'Failed' : 'StartFailed', reason.slice(0, 500));
        break;
      }
    }
    next.instances = await Promise.all(instances.map((i) => this.probe(d, i, now)));
    const wasHealthy = d.instances.some((i) => i.healthy);
    const isHealthy = next.instances.some((i) => i.healthy);
    const changed = (['instances', 'restarts', 'lastFailure', 'retryAt', 'failed'] as const).filter((k) => JSON.stringify(d[k]) !== JSON.stringify(next[k]));
    if (changed.length) {
      const stage = isHealthy && !wasHealthy ? 'Healthy' : !isHealthy && wasHealthy ? 'Unhealthy' : undefined;
      await this.store.record(d, Object.fromEntries(changed.map((k) => [k, next[k] ?? null])), stage);
    }
    return next;
  }

  private async probe(d: DeploymentDocument, i: { id: string; name: string; ports: Record<number, number> }, now: number): Promise<InstanceState> {
    const host = this.config.BERTH_CONTAINER_HOST;
    const endpoint = i.ports[80] ? `http://${host}:${i.ports[80]}` : undefined;
    const previous = d.instances.find((x) => x.id === i.id);
    let state = this.probes.get(i.id) ?? { healthy: false, failures: 0, lastProbeAt: 0, firstSeenAt: now };
    const probePort = i.ports[d.probe.port];
    if (probePort && probeDue(state, d.probe, now)) {
      const ok = await probeHttp(`http://${host}:${probePort}${d.probe.path}`, d.probe.timeoutSeconds * 1000);
      state = afterProbe(state, d.probe, ok, now);
    }
    this.probes.set(i.id, state);
    return {
      id: i.id, name: i.name, ...(endpoint ? { endpoint } : {}), healthy: state.healthy, failures: state.failures,
      startedAt: previous?.startedAt ?? new Date(state.firstSeenAt).toISOString(),
    };
  }
}

/** The routes of the deployments: one per microservice name, endpoints by tenant for PER_TENANT. */
export function routesOf(deployments: DeploymentDocument[]): RouteContent[] {
  const byApp = new Map<string, RouteContent>();
  for (const d of deployments) {
    const route = byApp.get(d.applicationId) ?? { name: d.name, applicationId: d.applicationId, isolation: d.isolation, tenants: [], endpoints: {} };
    route.tenants = [...new Set([...route.tenants, ...d.tenants])].sort();
    route.endpoints[d.tenant ?? '*'] = d.instances.filter((i) => i.healthy && i.endpoint).map((i) => i.endpoint!);
    byApp.set(d.applicationId, route);
  }
  return [...byApp.values()].sort((a, b) => a.name.localeCompare(b.name));
}
