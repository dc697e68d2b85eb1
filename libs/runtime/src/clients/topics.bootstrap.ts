import { Inject, Injectable, OnApplicationBootstrap, Provider } from '@nestjs/common';
import { Logger } from 'pino';
import { PINO } from '../logging/pino.token';
import { TopicCreator } from './topic-creator';

export const APP_TOPICS = Symbol('APP_TOPICS');

/** Creates the topics the app owns, and their `.dlq` topics, before it starts serving. */
@Injectable()
export class TopicsBootstrap implements OnApplicationBootstrap {
  constructor(
    private readonly creator: TopicCreator,
    @Inject(APP_TOPICS) private readonly topics: string[],
    @Inject(PINO) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.topics.length === 0) return;
    await this.creator.ensure(this.topics);
    this.logger.info({ topics: this.topics }, 'topics ready');
  }
}

export function topicsProviders(topics: string[]): Provider[] {
  return [TopicCreator, { provide: APP_TOPICS, useValue: topics }, TopicsBootstrap];
}
