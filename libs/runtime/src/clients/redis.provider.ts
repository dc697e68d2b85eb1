import { Inject, Injectable, OnApplicationShutdown, Provider } from '@nestjs/common';
import Redis from 'ioredis';
import { BASE_CONFIG } from '../app-info';
import type { BaseConfig } from '@berth/config';
import { HealthIndicator } from '../health/health-indicator';

/**
 * Injection token of the app's shared ioredis client (not for BullMQ, which wants its own). It
 * pipelines automatically: the commands issued in one turn of the event loop leave in one write,
 * which cut the sms-adapter's CPU per message by about 13% and Redis' by about 40% in bench:sms.
 * BullMQ's connections do not: its users report lost job data with it.
 */
export const REDIS = Symbol('REDIS');

export const redisProvider: Provider = {
  provide: REDIS,
  inject: [BASE_CONFIG],
  useFactory: (cfg: BaseConfig) => new Redis(cfg.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: true, enableAutoPipelining: true }),
};

@Injectable()
export class RedisHealth implements HealthIndicator, OnApplicationShutdown {
  readonly name = 'redis';
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async check() {
    if (this.redis.status !== 'ready') throw new Error(`connection is ${this.redis.status}`);
    await this.redis.ping();
  }

  async onApplicationShutdown() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
