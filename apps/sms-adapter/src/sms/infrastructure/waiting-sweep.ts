import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown, Optional } from '@nestjs/common';
import Redis from 'ioredis';
import type { BaseConfig } from '@berth/config';
import { BASE_CONFIG, REDIS } from '@berth/runtime';
import { SmsQueues } from './sms-queues';
import { SmsRequestRepository } from './sms-request.repository';

/** How often the sweep looks around, how old a waiting request must be to be swept, and when an instance counts as gone. */
export interface SweepTiming { tickMs: number; ageMs: number; staleMs: number }
export const SWEEP_TIMING = Symbol('SWEEP_TIMING');
const DEFAULT_TIMING: SweepTiming = { tickMs: 5_000, ageMs: 15_000, staleMs: 30_000 };
const WINDOW_MS = 24 * 3600_000;
const PAGE = 500;

/**
 * Queues deliveries that were stored but never queued, without reading the SMS history every
 * minute (FerretDB serves no range or status filter from an index, so that read grew with every
 * SMS ever sent). A request is queued right after it is stored; it stays unqueued only when
 * - queueing failed in this process: `retryLater` keeps its id, retried by `_id` every tick;
 * - an instance died in between: this instance's start, or the dead one's heartbeat going stale
 *   in Redis, schedules a sweep of the store;
 * - Redis lost jobs (it restarted: a new `run_id`, or the marker key this class sets is gone):
 *   a sweep too.
 * A sweep reads the last day's requests still waiting, `ageMs` after its cause, so that requests
 * being accepted at that moment are left to their own queueing. Queueing twice is a no-op (job ids).
 */
@Injectable()
export class WaitingSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('WaitingSweep');
  private readonly instance = randomBytes(6).toString('hex');
  private readonly instancesKey: string;
  private readonly markerKey: string;
  private readonly timing: SweepTiming;
  private readonly unqueued = new Set<string>();
  private sweepDue?: number;
  private redisRunId?: string;
  private timer?: NodeJS.Timeout;
  /** Ticks under way, which shutdown waits for: a tick's heartbeat must not land after the instance left. */
  private readonly ticking = new Set<Promise<void>>();
  private readonly busy = { watch: false, work: false };
  private readonly failing = { watch: false, work: false };

  constructor(
    private readonly requests: SmsRequestRepository, private readonly queues: SmsQueues,
    @Inject(REDIS) private readonly redis: Redis, @Inject(BASE_CONFIG) config: BaseConfig,
    @Optional() @Inject(SWEEP_TIMING) timing?: SweepTiming,
  ) {
    this.instancesKey = `${config.BERTH_DB_PREFIX}:sms:instances`;
    this.markerKey = `${config.BERTH_DB_PREFIX}:sms:sweep-marker`;
    this.timing = timing ?? DEFAULT_TIMING;
  }

  onApplicationBootstrap() {
    this.schedule('this instance started');
    this.timer = setInterval(() => this.tickInBackground(), this.timing.tickMs);
    this.tickInBackground();
  }

  private tickInBackground() {
    const tick = this.tick();
    this.ticking.add(tick);
    void tick.finally(() => this.ticking.delete(tick));
  }

  /** Request `id` is stored but queueing its deliveries failed: queue it on a later tick. */
  retryLater(id: string) {
    this.unqueued.add(id);
  }

  /** Whether a sweep of the store is scheduled and not yet done. */
  get sweepPending(): boolean {
    return this.sweepDue !== undefined;
  }

  async tick() {
    await this.once('watch', async () => {
      await this.watchRedis();
      await this.watchInstances();
    });
    await this.once('work', async () => {
      await this.retryUnqueued();
      if (this.sweepDue !== undefined && Date.now() >= this.sweepDue) await this.sweep();
    });
  }

  private async once(part: 'watch' | 'work', run: () => Promise<void>) {
    if (this.busy[part]) return;
    this.busy[part] = true;
    try {
      await run();
      if (this.failing[part]) this.logger.log(`Sweep of waiting deliveries (${part}) works again`);
      this.failing[part] = false;
    } catch (err) {
      if (!this.failing[part]) this.logger.warn(`Sweep of waiting deliveries (${part}) failed, retried every tick: ${(err as Error).message}`);
      this.failing[part] = true;
    } finally {
      this.busy[part] = false;
    }
  }

  private schedule(cause: string) {
    if (this.sweepDue === undefined) this.logger.log(`Sweep of waiting deliveries scheduled: ${cause}`);
    this.sweepDue ??= Date.now() + this.timing.ageMs;
  }

  private async watchRedis() {
    const runId = /run_id:(\w+)/.exec(await this.redis.info('server'))?.[1];
    const marked = await this.redis.set(this.markerKey, '1', 'NX');
    if (this.redisRunId !== undefined && (runId !== this.redisRunId || marked === 'OK')) this.schedule('Redis restarted or lost its data');
    this.redisRunId = runId;
  }

  private async watchInstances() {
    const now = Date.now();
    await this.redis.zadd(this.instancesKey, now, this.instance);
    for (const gone of await this.redis.zrangebyscore(this.instancesKey, 0, now - this.timing.staleMs)) {
      if (await this.redis.zrem(this.instancesKey, gone)) this.schedule(`instance ${gone} stopped without saying so`);
    }
  }

  private async retryUnqueued() {
    for (const id of [...this.unqueued]) {
      const request = await this.requests.find(id);
      if (request) await this.queues.enqueueDeliveries(request);
      this.unqueued.delete(id);
    }
  }

  /** Queues the last day's requests still waiting, a page at a time; a cause arriving meanwhile schedules the next sweep. */
  private async sweep() {
    this.sweepDue = undefined;
    try {
      const before = new Date(Date.now() - this.timing.ageMs);
      let from = new Date(Date.now() - WINDOW_MS);
      let swept = 0;
      for (let inclusive = false; ;) {
        const page = await this.requests.waiting(from, before, PAGE, inclusive);
        for (const request of page) await this.queues.enqueueDeliveries(request);
        swept += page.length;
        if (page.length < PAGE) break;
        const last = page[page.length - 1].createdAt;
        inclusive = page[0].createdAt.getTime() !== last.getTime();
        from = last;
      }
      this.logger.log(`Sweep of waiting deliveries done: ${swept} request(s) queued again`);
    } catch (err) {
      this.schedule('the last sweep failed');
      throw err;
    }
  }

  async onApplicationShutdown() {
    clearInterval(this.timer);
    await Promise.allSettled([...this.ticking]);
    if (this.unqueued.size === 0) await this.redis.zrem(this.instancesKey, this.instance).catch(() => undefined);
  }
}
