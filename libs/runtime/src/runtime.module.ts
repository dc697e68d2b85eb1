import { DynamicModule, Global, Module, Provider, Type } from '@nestjs/common';
import { APP_GUARD, Reflector } from '@nestjs/core';
import { PrincipalGuard } from '@berth/auth';
import type { BaseConfig } from '@berth/config';
import { Logger } from 'pino';
import { APP_INFO, AppInfo, BASE_CONFIG } from './app-info';
import { KafkaHealth, kafkaProvider } from './clients/kafka.provider';
import { mongooseRoot } from './clients/mongo-connection';
import { MongoHealth } from './clients/mongo.health';
import { topicsProviders } from './clients/topics.bootstrap';
import { RedisHealth, redisProvider } from './clients/redis.provider';
import { HEALTH_INDICATORS, HealthIndicator } from './health/health-indicator';
import { HealthController } from './health/health.controller';
import { HealthService } from './health/health.service';
import { PublicBase } from './http/public-base';
import { PINO } from './logging/pino.token';
import { Consumers, MESSAGE_CONSUMERS } from './messaging/consumers.service';
import { MessageConsumer } from './messaging/message-consumer';
import { Outbox, OUTBOX_COLLECTIONS } from './messaging/outbox.service';
import { publisherProviders } from './messaging/publisher.provider';
import { Metrics } from './metrics/metrics';
import { RuntimeMetrics } from './metrics/runtime-metrics';

export type Dependency = 'mongodb' | 'kafka' | 'redis';

export interface RuntimeOptions {
  app: AppInfo;
  config: BaseConfig;
  logger: Logger;
  /** The app's metrics registry, made by bootstrap; a new one when absent. */
  metrics?: Metrics;
  /** The infrastructure this app talks to; each gets a client and a health indicator. */
  uses: Dependency[];
  /** Further health indicators of the app's own, as classes to inject or ready instances. */
  indicators?: Array<Type<HealthIndicator> | HealthIndicator>;
  /** Kafka topics this app owns; they and their `.dlq` topics are created at start-up. */
  topics?: string[];
  /** Collections whose documents carry outbox entries; the app's relay publishes them (needs mongodb and kafka). */
  outbox?: string[];
  /** Of `outbox`, the collections whose documents only carry their messages (a deletion's tombstone): the relay deletes each once published. */
  outboxDisposable?: string[];
  /** The app's message consumers, run in its consumer group (needs mongodb and kafka); each must also be a provider of one of the app's modules. */
  consumers?: Type<MessageConsumer>[];
}

/**
 * What every Berth app shares: its config, JSON logger, clients for MongoDB (database
 * `<BERTH_DB_PREFIX>_<app>`), Kafka and Redis, the internal `GET /health` over all of them, its
 * metrics registry with the outbox and consumer-lag gauges, the request's `PublicBase` for links, and the principal guard of libs/auth on every route (401/403 unless a route says otherwise).
 */
@Global()
@Module({})
export class RuntimeModule {
  static forRoot(options: RuntimeOptions): DynamicModule {
    const { uses } = options;
    const imports = uses.includes('mongodb')
      ? [mongooseRoot(options.config.MONGODB_URI, `${options.config.BERTH_DB_PREFIX}_${options.app.name.replace(/-/g, '_')}`, options.logger, options.config.BERTH_STORE_SLOW_MS)]
      : [];
    const indicatorTypes: Type<HealthIndicator>[] = [
      ...(uses.includes('mongodb') ? [MongoHealth] : []),
      ...(uses.includes('kafka') ? [KafkaHealth] : []),
      ...(uses.includes('redis') ? [RedisHealth] : []),
      ...(options.indicators ?? []).filter((i): i is Type<HealthIndicator> => typeof i === 'function'),
    ];
    const instances = (options.indicators ?? []).filter((i): i is HealthIndicator => typeof i !== 'function');
    const providers: Provider[] = [
      { provide: APP_INFO, useValue: options.app },
      { provide: BASE_CONFIG, useValue: options.config },
      { provide: PINO, useValue: options.logger },
      { provide: Metrics, useValue: options.metrics ?? new Metrics(options.app.name) },
      ...(uses.includes('kafka') ? [kafkaProvider, ...topicsProviders(options.topics ?? []), ...publisherProviders] : []),
      ...(uses.includes('kafka') && uses.includes('mongodb') ? messagingProviders(options) : []),
      ...(uses.includes('redis') ? [redisProvider] : []),
      ...indicatorTypes,
      {
        provide: HEALTH_INDICATORS, inject: [...indicatorTypes, ...(uses.includes('kafka') && uses.includes('mongodb') ? [Consumers] : [])],
        useFactory: (...all: HealthIndicator[]) => [...all, ...instances],
      },
      HealthService,
      RuntimeMetrics,
      PublicBase,
    ];
    const guard = { provide: APP_GUARD, inject: [Reflector], useFactory: (r: Reflector) => new PrincipalGuard(r, options.config.BERTH_INTERNAL_KEY) };
    return {
      module: RuntimeModule,
      imports,
      controllers: [HealthController],
      providers: [...providers, guard],
      exports: providers,
    };
  }
}

function messagingProviders(options: RuntimeOptions): Provider[] {
  const consumers = options.consumers ?? [];
  return [
    { provide: OUTBOX_COLLECTIONS, useValue: { collections: options.outbox ?? [], disposable: options.outboxDisposable ?? [] } },
    Outbox,
    { provide: MESSAGE_CONSUMERS, useValue: consumers },
    Consumers,
  ];
}
