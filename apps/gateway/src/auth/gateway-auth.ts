import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { BASE_CONFIG, REDIS } from '@berth/runtime';
import type { GatewayConfig } from '../config/gateway.env';
import { GatewayFence } from '../consistency/gateway-fence';
import { GatewayEvents } from '../events/gateway-events';
import { Upstreams } from '../proxy/upstreams';
import { Authenticator } from './authenticator';
import { CredentialCache } from './credential-cache';
import { identityEvents } from './identity-events';

/** The gateway's authentication parts, wired once: the credential cache, following identity events, and the authenticator. */
@Injectable()
export class GatewayAuth {
  readonly cache: CredentialCache;
  readonly authenticator: Authenticator;

  constructor(@Inject(BASE_CONFIG) config: GatewayConfig, @Inject(REDIS) redis: Redis, events: GatewayEvents, upstreams: Upstreams, fence: GatewayFence) {
    this.cache = new CredentialCache(redis, {
      internalKey: config.BERTH_INTERNAL_KEY, redisPrefix: config.BERTH_DB_PREFIX,
      ttlSeconds: config.BERTH_AUTH_CACHE_TTL_SECONDS, maxEntries: config.BERTH_AUTH_CACHE_ENTRIES,
    });
    events.on(identityEvents(this.cache));
    this.authenticator = new Authenticator(this.cache, upstreams.pool('tenant-options'), config.BERTH_INTERNAL_KEY, config.BERTH_BRAND_HEADER, fence);
  }
}
