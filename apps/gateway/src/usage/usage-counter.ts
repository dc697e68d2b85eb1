import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type Redis from 'ioredis';
import { Counter } from 'prom-client';
import { Metrics, REDIS } from '@berth/runtime';

/** Keys that are counted as given; anything else is counted as `(invalid)`, so no caller can grow the hash at will. */
const SAFE_KEY = /^[A-Za-z0-9._:-]{1,64}$/;
/** Usage is kept for about 13 months. */
const RETAIN_SECONDS = 400 * 24 * 3600;
/** Distinct application keys the metrics tell apart; later ones are counted as `(other)`. */
const METRIC_KEYS = 1000;

export interface DayUsage { applications: Record<string, number>; devices: number }

export interface UsageOptions { redisPrefix: string; brandHeader: string; flushMs?: number }
export const USAGE_OPTIONS = Symbol('USAGE_OPTIONS');

/**
 * Counts requests per application and day (docs/api/tenants-users-auth.md, application key): the
 * `X-<Brand>-Application-Key` header names the application; a request without it is a device
 * request. Counts gather in memory and go to Redis once a second in one pipeline, so the proxy
 * path does no I/O; a crash loses at most that second's counts. The same counts, since the
 * process started, are exported as metrics.
 */
@Injectable()
export class UsageCounter implements OnModuleInit, OnApplicationShutdown {
  /** Counts not yet in Redis, by hash field. */
  private counts = new Map<string, number>();
  private timer?: NodeJS.Timeout;
  readonly header: string;
  /** Counts since the process started, for the metrics: by application key (at most METRIC_KEYS, then `(other)`), and device requests. */
  private readonly sinceStart = { byKey: new Map<string, number>(), devices: 0 };

  constructor(@Inject(REDIS) private readonly redis: Redis, @Inject(USAGE_OPTIONS) private readonly options: UsageOptions, metrics: Metrics) {
    this.header = `x-${options.brandHeader.toLowerCase()}-application-key`;
    const { byKey } = this.sinceStart;
    const devices = () => this.sinceStart.devices;
    // Scrapes read the counts: a request adds to plain numbers, without a label set to hash.
    new Counter({
      name: 'berth_gateway_application_requests_total', help: 'Requests by X-<Brand>-Application-Key',
      labelNames: ['application_key'], registers: [metrics.registry],
      collect() {
        this.reset();
        for (const [key, n] of byKey) this.inc({ application_key: key }, n);
      },
    });
    new Counter({
      name: 'berth_gateway_device_requests_total', help: 'Requests without an application key', registers: [metrics.registry],
      collect() {
        this.reset();
        this.inc(devices());
      },
    });
  }

  onModuleInit() {
    this.timer = setInterval(() => void this.flush().catch(() => undefined), this.options.flushMs ?? 1000);
    this.timer.unref();
  }

  async onApplicationShutdown() {
    clearInterval(this.timer);
    await this.flush().catch(() => undefined);
  }

  /** Counts a public request (its path, no query) by its application key header; the gateway's own `/health` is not usage. */
  countRequest(path: string, headers: Record<string, string | string[] | undefined>): void {
    if (path !== '/health') this.count(headers[this.header]);
  }

  count(header: string | string[] | undefined): void {
    const value = Array.isArray(header) ? header[0] : header;
    const key = value === undefined ? undefined : SAFE_KEY.test(value) ? value : '(invalid)';
    const field = key === undefined ? 'device' : `app:${key}`;
    this.counts.set(field, (this.counts.get(field) ?? 0) + 1);
    if (key === undefined) {
      this.sinceStart.devices++;
      return;
    }
    const { byKey } = this.sinceStart;
    const label = byKey.has(key) || byKey.size < METRIC_KEYS ? key : '(other)';
    byKey.set(label, (byKey.get(label) ?? 0) + 1);
  }

  /** Adds the counts gathered so far to today's hash; on failure keeps them for the next flush. */
  async flush(now = new Date()): Promise<void> {
    if (this.counts.size === 0) return;
    const batch = this.counts;
    this.counts = new Map();
    const hash = this.hashOf(now);
    const pipeline = this.redis.pipeline();
    for (const [field, n] of batch) pipeline.hincrby(hash, field, n);
    pipeline.expire(hash, RETAIN_SECONDS);
    try {
      const results = await pipeline.exec();
      const failed = results?.find(([err]) => err);
      if (failed) throw failed[0];
    } catch (err) {
      for (const [field, n] of batch) this.counts.set(field, (this.counts.get(field) ?? 0) + n);
      throw err;
    }
  }

  /** The counts of one UTC day (`YYYY-MM-DD`). */
  async read(day: string): Promise<DayUsage> {
    return (await this.readDays([day]))[0];
  }

  /** The counts of each UTC day (`YYYY-MM-DD`), in the order given, read in one round trip; a day without counts is all zero. */
  async readDays(days: string[]): Promise<DayUsage[]> {
    const pipeline = this.redis.pipeline();
    for (const day of days) pipeline.hgetall(`${this.options.redisPrefix}:usage:${day}`);
    const results = (await pipeline.exec()) ?? [];
    return results.map(([err, all]) => {
      if (err) throw err;
      const applications: Record<string, number> = {};
      for (const [field, n] of Object.entries(all as Record<string, string>)) if (field.startsWith('app:')) applications[field.slice(4)] = Number(n);
      return { applications, devices: Number((all as Record<string, string>).device ?? 0) };
    });
  }

  private hashOf(now: Date): string {
    return `${this.options.redisPrefix}:usage:${now.toISOString().slice(0, 10)}`;
  }
}
