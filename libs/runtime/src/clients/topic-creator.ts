import { Inject, Injectable } from '@nestjs/common';
import type { Kafka } from 'kafkajs';
import { Logger } from 'pino';
import type { BaseConfig } from '@berth/config';
import { ensureTopics } from '@berth/messaging';
import { BASE_CONFIG } from '../app-info';
import { PINO } from '../logging/pino.token';
import { KAFKA } from './kafka.provider';

/**
 * Creates topics (and their `.dlq` topics) with the configured layout (BERTH_KAFKA_TOPIC_PARTITIONS,
 * BERTH_KAFKA_REPLICATION_FACTOR), so that every app makes the ones it owns or reads alike. A topic
 * that exists with fewer partitions or replicas is left as it is and logged (see ensureTopics).
 */
@Injectable()
export class TopicCreator {
  constructor(
    @Inject(KAFKA) private readonly kafka: Kafka,
    @Inject(BASE_CONFIG) private readonly config: BaseConfig,
    @Inject(PINO) private readonly logger: Logger,
  ) {}

  async ensure(topics: string[]): Promise<void> {
    const partitions = this.config.BERTH_KAFKA_TOPIC_PARTITIONS;
    const replicationFactor = this.config.BERTH_KAFKA_REPLICATION_FACTOR;
    const shortfalls = await ensureTopics(this.kafka, topics, { partitions, replicationFactor });
    for (const topic of shortfalls) {
      this.logger.warn({ ...topic, wantedPartitions: partitions, wantedReplicationFactor: replicationFactor },
        'topic has fewer partitions or replicas than configured; it is left as it is (more partitions move keys, so grow it with the apps stopped)');
    }
  }
}
