import { randomUUID } from 'node:crypto';
import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import { PINO, REDIS } from '@berth/runtime';
import type { OrchestratorConfig } from '../../config/microservice-orchestrator.env';
import { ORCHESTRATOR_CONFIG } from '../../config/orchestrator-config.token';
import type { DeploymentDocument } from '../domain/deployment';
import { restartBackoffMs } from '../domain/instance-health';
import { abandoned } from '../domain/rollout';
import { DeployQueue } from '../infrastructure/deploy-queue';
import { HostingStore } from '../infrastructure/hosting.store';
import { RoutePublisher, routesOf } from '../infrastructure/route-publisher';
import { BinaryImages } from './binary-images';
import { EndedInstances, Ending } from './ended-instances';
import { InstanceProber } from './instance-prober';
import { isStopped, ObservedInstance, RUNTIME_DRIVER, RuntimeDriver } from './ports/runtime-driver';
import { Rollouts } from './rollouts';

/** The pause before sweeping images again after the engine refused to remove one. */
const SWEEP_RETRY_MS = 30_000;

/** Whether a deployment keeps instances of `revision`: its own (unless abandoned after a failed update) and its outgoing revision's. */
const keeps = (d: DeploymentDocument, revision: string) => (revision === d.revision && !abandoned(d)) || revision === d.outgoing?.revision;

/**
 * One serialized loop converges the runtime on the `deployments` collection: every
 * `BERTH_RECONCILE_INTERVAL_MS`, at once after a desired-state change and after each deploy job,
 * it lists the stack's instances by label, removes those no deployment wants (or of a revision
 * neither desired nor outgoing, or beyond the replicas), removes exited ones (counted as restarts,
 * with the exit reason, and no new start before an exponential back-off), queues a deploy job for
 * each missing replica slot, probes instances (restarting those failing liveness, with the same
 * back-off), takes updates a step on (`Rollouts`), records what it saw and publishes the routes.
 * Everything it acts on is in MongoDB
 * and the engine, so a restarted orchestrator carries on where it stopped. Only the holder of a
 * Redis lease runs it, so several replicas never act twice.
 */
@Injectable()
export class Reconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly me = randomUUID();
  private timer?: NodeJS.Timeout;
  private current?: Promise<void>;
  private wanted = false;
  private stopped = false;
  /** The binaries of the deployments at the last pass; a sweep of images is due when one of them goes. */
  private binaries = new Set<string>();
  /** No sweep of images before this time; 0: one is due (at start-up, on taking the lease over, after a refusal's pause). */
  private sweepAt = 0;

  constructor(
    private readonly store: HostingStore,
    @Inject(RUNTIME_DRIVER) private readonly driver: RuntimeDriver,
    private readonly queue: DeployQueue,
    private readonly prober: InstanceProber,
    private readonly rollouts: Rollouts,
    private readonly routes: RoutePublisher,
    private readonly ended: EndedInstances,
    private readonly images: BinaryImages,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ORCHESTRATOR_CONFIG) private readonly config: OrchestratorConfig,
    @Inject(PINO) private readonly logger: Logger,
  ) {
    queue.onSettled(() => this.nudge());
  }

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
        else this.sweepAt = 0;
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
      if (!d || !keeps(d, c.revision)) await this.ended.remove(c, { reason: d ? 'replaced by a new revision' : 'no longer desired' }, d);
    }
    const after: DeploymentDocument[] = [];
    for (const d of desired) {
      const own = observed.filter((c) => c.deploymentId === d._id && keeps(d, c.revision));
      after.push(await this.converge(d, own.filter((c) => c.revision === d.revision), own.filter((c) => c.revision === d.outgoing?.revision)));
    }
    const live = new Set(after.flatMap((d) => [...d.instances, ...(d.outgoing?.instances ?? [])].map((i) => i.id)));
    this.prober.retain(live);
    await this.routes.sync(routesOf(after));
    await this.sweepImages(after);
  }

  /** Removes images no longer needed (`BinaryImages`) at start-up and when a binary leaves the deployments; after a refusal, again a little later. */
  private async sweepImages(after: DeploymentDocument[]) {
    const binaries = new Set(after.flatMap((d) => [d.binaryId, ...(d.outgoing ? [d.outgoing.binaryId] : [])]));
    const gone = [...this.binaries].some((b) => !binaries.has(b));
    this.binaries = binaries;
    if (!gone && Date.now() < this.sweepAt) return;
    this.sweepAt = Infinity;
    const clean = await this.images.sweep().catch((err) => {
      this.logger.warn({ err }, 'sweeping images failed; the next sweep tries again');
      return false;
    });
    if (!clean) this.sweepAt = Date.now() + SWEEP_RETRY_MS;
  }

  /** How a stopped instance ended (its exit state), and why it failed as a deployment's last failure (with its last output). */
  private async exited(c: ObservedInstance): Promise<{ failure: string; ending: Ending }> {
    const exit = await this.driver.exitState(c.id).catch(() => undefined);
    const tail = (await this.driver.logs(c.id, { limit: 5 }).catch(() => [])).map((l) => l.text).join('\n').trim();
    const how = exit?.oomKilled ? 'was killed for using too much memory' : exit?.exitCode !== undefined ? `exited with code ${exit.exitCode}` : `stopped (${c.state})`;
    const reason = `${how}${exit?.error ? ` (${exit.error})` : ''}`;
    return { failure: `instance ${c.name} ${reason}${tail ? `: ${tail.slice(-300)}` : ''}`, ending: { reason, ...(exit ? { exit } : {}) } };
  }

  /** One deployment: its own revision's instances (`containers`), then its outgoing revision's and the update's next step. */
  private async converge(d: DeploymentDocument, containers: ObservedInstance[], outgoing: ObservedInstance[]): Promise<DeploymentDocument> {
    const now = Date.now();
    const next: DeploymentDocument = { ...d };
    let restarts = 0;
    // A container being created by a deploy job is neither running nor exited yet: left alone.
    for (const c of containers.filter(isStopped)) {
      const { failure: reason, ending } = await this.exited(c);
      await this.ended.remove(c, ending, d);
      restarts += 1;
      next.lastFailure = { at: new Date(now).toISOString(), reason };
      next.retryAt = new Date(now + this.backoff(d.restarts + restarts)).toISOString();
      await this.store.record(d, {}, 'InstanceExited', reason.slice(0, 500));
    }
    const bySlot = new Map<number, ObservedInstance>();
    for (const c of containers.filter((x) => x.running)) {
      if (c.slot >= d.replicas || bySlot.has(c.slot)) await this.ended.remove(c, { reason: 'more replicas than desired' }, d);
      else bySlot.set(c.slot, c);
    }
    const due = !d.failed && !abandoned(d) && !(next.retryAt && Date.parse(next.retryAt) > now);
    for (let slot = 0; slot < d.replicas && due; slot++) if (!bySlot.has(slot)) await this.queue.enqueue(d, slot);
    const outcomes = await Promise.all([...bySlot.values()].map((i) => this.prober.probe(d, i, now)));
    for (const [n, outcome] of outcomes.entries()) {
      if (!outcome.livenessFailure) continue;
      await this.ended.remove([...bySlot.values()][n], { reason: 'liveness probe failed' }, d);
      restarts += 1;
      next.lastFailure = { at: new Date(now).toISOString(), reason: outcome.livenessFailure };
      next.retryAt = new Date(now + this.backoff(d.restarts + restarts)).toISOString();
      await this.store.record(d, {}, 'LivenessFailed', outcome.livenessFailure.slice(0, 500));
    }
    next.restarts = d.restarts + restarts;
    next.instances = outcomes.filter((o) => !o.livenessFailure).map((o) => o.instance);
    next.outgoing = await this.rollouts.observe(d, outgoing, now);
    const wasHealthy = d.instances.some((i) => i.healthy);
    const isHealthy = next.instances.some((i) => i.healthy);
    const healthStage = isHealthy && !wasHealthy ? 'Healthy' : !isHealthy && wasHealthy ? 'Unhealthy' : undefined;
    const { next: stepped, stages } = await this.rollouts.advance(next, containers, outgoing, now);
    const changed = (['instances', 'lastFailure', 'retryAt', 'outgoing', 'rollback'] as const).filter((k) => JSON.stringify(d[k]) !== JSON.stringify(stepped[k]));
    if (changed.length || restarts) {
      await this.store.record(d, Object.fromEntries(changed.map((k) => [k, stepped[k]])), healthStage, undefined, restarts);
    }
    for (const [stage, detail] of stages) await this.store.record(d, {}, stage, detail);
    await this.rollouts.activateAgain(stepped);
    return stepped;
  }

  private backoff(restarts: number): number {
    return restartBackoffMs(restarts, this.config.BERTH_RESTART_BACKOFF_MS, this.config.BERTH_RESTART_BACKOFF_MAX_MS);
  }
}
