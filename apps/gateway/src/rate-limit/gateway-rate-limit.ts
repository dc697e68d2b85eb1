import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { BASE_CONFIG, PINO } from '@berth/runtime';
import type { GatewayConfig } from '../config/gateway.env';
import { Upstreams } from '../proxy/upstreams';
import { httpOptionReader } from './http-option-reader';
import { GatewayEvents } from '../events/gateway-events';
import { rateLimitChangeOf } from './rate-limit-events';
import { RateLimiter } from './rate-limiter';
import { TenantRateLimits } from './tenant-rate-limits';

/** Loaded limits are read again after this long even without an event. */
const LIMITS_TTL_MS = 5 * 60_000;
/** After a failed read the default applies, and the options are read again after this long. */
const RETRY_MS = 30_000;
const SWEEP_MS = 60_000;

/** The gateway's rate-limit parts, wired once: the limits per tenant, the limiter, and dropping limits on option events. */
@Injectable()
export class GatewayRateLimit implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly limiter: RateLimiter;
  private sweeper?: NodeJS.Timeout;

  constructor(@Inject(BASE_CONFIG) config: GatewayConfig, @Inject(PINO) logger: Logger, upstreams: Upstreams, events: GatewayEvents) {
    const limits = new TenantRateLimits(
      { perSecond: config.BERTH_RATE_LIMIT_PER_SECOND, queue: config.BERTH_RATE_LIMIT_QUEUE },
      httpOptionReader(upstreams.pool('tenant-options'), config.BERTH_INTERNAL_KEY),
      {
        ttlMs: LIMITS_TTL_MS, retryMs: RETRY_MS, maxEntries: 100_000,
        onFailure: (tenant) => logger.warn({ tenant, retryMs: RETRY_MS }, 'could not read the tenant\'s rate-limit options; the default applies'),
      },
    );
    this.limiter = new RateLimiter(limits);
    events.on((envelope, key) => {
      const tenant = rateLimitChangeOf(envelope, key);
      if (tenant) limits.drop(tenant);
    });
  }

  onApplicationBootstrap() {
    this.sweeper = setInterval(() => this.limiter.sweep(), SWEEP_MS);
    this.sweeper.unref();
  }

  onApplicationShutdown() {
    clearInterval(this.sweeper);
  }
}
