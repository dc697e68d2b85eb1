import { Inject, Injectable, OnApplicationBootstrap, Provider } from '@nestjs/common';
import type { Kafka } from 'kafkajs';
import { Logger } from 'pino';
import { ensureTopics } from '@berth/messaging';
import { PINO } from '../logging/pino.token';
import { KAFKA } from './kafka.provider';

export const APP_TOPICS = Symbol('APP_TOPICS');

/** Creates the topics the app owns, and their `.dlq` topics, before it starts serving. */
@Injectable()
export class TopicsBootstrap implements OnApplicationBootstrap {
  constructor(
    @Inject(KAFKA) private readonly kafka: Kafka,
    @Inject(APP_TOPICS) private readonly topics: string[],
    @Inject(PINO) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.topics.length === 0) return;
    await ensureTopics(this.kafka, this.topics);
    this.logger.info({ topics: this.topics }, 'topics ready');
  }
}

export function topicsProviders(topics: string[]): Provider[] {
  return [{ provide: APP_TOPICS, useValue: topics }, TopicsBootstrap];
}
