import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import type { Kafka } from 'kafkajs';
import type { Logger } from 'pino';
import { BASE_CONFIG, KAFKA, PINO, REDIS } from '@berth/runtime';
import type { GatewayConfig } from '../config/gateway.env';
import { Upstreams } from '../proxy/upstreams';
import { Authenticator } from './authenticator';
import { CredentialCache } from './credential-cache';
import { IdentityEventsListener } from './identity-events.listener';

/** The gateway's authentication parts, wired once: credential cache, authenticator, identity-event listener. */
@Injectable()
export class GatewayAuth implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly cache: CredentialCache;
  readonly authenticator: Authenticator;
  private readonly listener: IdentityEventsListener;

  constructor(
    @Inject(BASE_CONFIG) config: GatewayConfig, @Inject(REDIS) redis: Redis, @Inject(KAFKA) kafka: Kafka,
    @Inject(PINO) private readonly logger: Logger, upstreams: Upstreams,
  ) {
    this.cache = new CredentialCache(redis, {
      internalKey: config.BERTH_INTERNAL_KEY, redisPrefix: config.BERTH_DB_PREFIX,
      ttlSeconds: config.BERTH_AUTH_CACHE_TTL_SECONDS, maxEntries: config.BERTH_AUTH_CACHE_ENTRIES,
    });
    this.authenticator = new Authenticator(this.cache, upstreams.pool('tenant-options'), config.BERTH_INTERNAL_KEY, config.BERTH_BRAND_HEADER);
    this.listener = new IdentityEventsListener(kafka, this.cache, config.BERTH_DB_PREFIX, logger);
  }

  onApplicationBootstrap() {
    this.listener.start().then(
      () => this.logger.info('listening for identity events'),
      (err) => this.logger.error({ err }, 'identity events listener could not start; cached credentials expire by TTL only'),
    );
  }

  async onApplicationShutdown() {
    await this.listener.stop();
  }
}
