import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { BASE_CONFIG } from '@berth/runtime';
import type { GatewayConfig } from '../config/gateway.env';
import { GatewayOptionViews } from '../options/gateway-option-views';
import { rateLimitShape } from './rate-limit-options';
import { RateLimiter } from './rate-limiter';

const SWEEP_MS = 60_000;

/** The gateway's rate-limit parts, wired once: the limits per tenant (a view of their `rate.limit` options) and the limiter. */
@Injectable()
export class GatewayRateLimit implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly limiter: RateLimiter;
  private sweeper?: NodeJS.Timeout;

  constructor(@Inject(BASE_CONFIG) config: GatewayConfig, views: GatewayOptionViews) {
    const defaults = { perSecond: config.BERTH_RATE_LIMIT_PER_SECOND, queue: config.BERTH_RATE_LIMIT_QUEUE };
    this.limiter = new RateLimiter(views.create(rateLimitShape(defaults)));
  }

  onApplicationBootstrap() {
    this.sweeper = setInterval(() => this.limiter.sweep(), SWEEP_MS);
    this.sweeper.unref();
  }

  onApplicationShutdown() {
    clearInterval(this.sweeper);
  }
}
