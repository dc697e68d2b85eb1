import { Inject, Injectable, OnApplicationShutdown, Optional } from '@nestjs/common';
import type { Kafka } from 'kafkajs';
import { Logger } from 'pino';
import { Gauge } from 'prom-client';
import { KAFKA } from '../clients/kafka.provider';
import { PINO } from '../logging/pino.token';
import { Consumers } from '../messaging/consumers.service';
import { Outbox } from '../messaging/outbox.service';
import { ConsumerLag } from './consumer-lag';
import { Metrics } from './metrics';

/** Longest a scrape waits for the consumer lag; past it the scrape goes without. */
const LAG_TIMEOUT_MS = 2000;

/**
 * The messaging gauges every app exposes, read at scrape time: `berth_outbox_backlog` (entries
 * not yet published, and published ones not yet removed, per collection) and
 * `berth_kafka_consumer_lag` (per topic the app's consumer group reads, cached a few seconds).
 * An app without outbox or consumers shows the gauges without samples; a lag that cannot be
 * read is left out of that scrape and logged.
 */
@Injectable()
export class RuntimeMetrics implements OnApplicationShutdown {
  private readonly lag?: ConsumerLag;

  constructor(
    metrics: Metrics,
    @Inject(PINO) logger: Logger,
    @Optional() outbox?: Outbox,
    @Optional() consumers?: Consumers,
    @Optional() @Inject(KAFKA) kafka?: Kafka,
  ) {
    const lag = (this.lag = kafka && consumers?.topics.length ? new ConsumerLag(kafka, consumers.groupId, consumers.topics) : undefined);
    new Gauge({
      name: 'berth_outbox_backlog', help: 'Outbox entries by collection and state: unpublished, or published and not yet removed',
      labelNames: ['collection', 'state'], registers: [metrics.registry],
      collect() {
        this.reset();
        for (const [collection, s] of Object.entries(outbox?.stats() ?? {})) {
          this.set({ collection, state: 'unpublished' }, s.unpublished);
          this.set({ collection, state: 'unremoved' }, s.unremoved);
        }
      },
    });
    new Gauge({
      name: 'berth_kafka_consumer_lag', help: 'Messages the app\'s consumer group has yet to read, by topic',
      labelNames: ['group', 'topic'], registers: [metrics.registry],
      async collect() {
        this.reset();
        if (!lag) return;
        try {
          for (const [topic, n] of Object.entries(await withTimeout(lag.read(), LAG_TIMEOUT_MS))) this.set({ group: lag.groupId, topic }, n);
        } catch (err) {
          logger.warn({ err, groupId: lag.groupId }, 'consumer lag could not be read for /metrics');
        }
      },
    });
  }

  async onApplicationShutdown() {
    await this.lag?.close();
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
