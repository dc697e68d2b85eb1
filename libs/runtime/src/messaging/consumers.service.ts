import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown, Type } from '@nestjs/common';
import { MONGO_CONNECTION } from '../clients/mongo-connection';
import { ModuleRef } from '@nestjs/core';
import type { Admin, Kafka } from 'kafkajs';
import type { Connection } from 'mongoose';
import { Logger } from 'pino';
import type { BaseConfig } from '@berth/config';
import { brokerTopic, ConsumerProgress, ConsumerRunner, Envelope, Inbox, MessageContext, Positions, positionKey, Publisher } from '@berth/messaging';
import { causalFence } from './causal-fence';
import { APP_INFO, AppInfo, BASE_CONFIG } from '../app-info';
import { KAFKA } from '../clients/kafka.provider';
import { TopicCreator } from '../clients/topic-creator';
import { HealthIndicator } from '../health/health-indicator';
import { ConsumerTimings } from '../metrics/consumer-timings';
import { Metrics } from '../metrics/metrics';
import { PINO } from '../logging/pino.token';
import { MessageConsumer } from './message-consumer';
import { PUBLISHER } from './publisher.provider';

export const MESSAGE_CONSUMERS = Symbol('MESSAGE_CONSUMERS');

/**
 * Runs the app's message consumers in one consumer group, `<BERTH_DB_PREFIX>.<app>`, with the
 * inbox in the app's database; each message goes to every consumer of its topic. Consumer classes
 * are providers of the app's own modules; they are looked up when the app has started. Started after
 * the app is set up; start-up does not wait for the group to join.
 */
@Injectable()
export class Consumers implements HealthIndicator, OnApplicationBootstrap, OnApplicationShutdown {
  readonly name = 'consumers';
  private runner?: ConsumerRunner;
  private consumers: MessageConsumer[] = [];
  private stopping = false;
  /** The app's consumer group. */
  readonly groupId: string;
  /** Every topic the app's consumers read (known once the app has started). */
  topics: string[] = [];
  private readonly timings: ConsumerTimings;
  private progress?: ConsumerProgress;
  private admin?: Admin;

  constructor(
    @Inject(MESSAGE_CONSUMERS) private readonly types: Type<MessageConsumer>[],
    private readonly moduleRef: ModuleRef,
    @Inject(KAFKA) private readonly kafka: Kafka,
    @Inject(PUBLISHER) private readonly publisher: Publisher,
    @Inject(MONGO_CONNECTION) private readonly connection: Connection,
    @Inject(BASE_CONFIG) private readonly config: BaseConfig,
    @Inject(APP_INFO) app: AppInfo,
    @Inject(PINO) private readonly logger: Logger,
    metrics: Metrics,
    private readonly topicCreator: TopicCreator,
  ) {
    this.groupId = `${config.BERTH_DB_PREFIX}.${app.name}`;
    this.timings = new ConsumerTimings(metrics, this.groupId);
  }

  onApplicationBootstrap() {
    this.consumers = this.types.map((type) => this.moduleRef.get(type, { strict: false }));
    this.topics = [...new Set(this.consumers.flatMap((c) => c.topics))];
    if (this.consumers.length === 0) return;
    this.progress = new ConsumerProgress(this.topics.map(brokerTopic), () => this.committed());
    causalFence.attach(this.progress, this.config.BERTH_CONSISTENCY_READ_WAIT_MS);
    void this.start();
  }

  /**
   * Starts the group, retrying every 2 s until it runs. The topics it reads are created first if
   * their owners have not started yet (creation is idempotent and uses the same settings).
   */
  private async start(): Promise<void> {
    const { groupId, topics } = this;
    while (!this.stopping) {
      const runner = new ConsumerRunner({
        kafka: this.kafka, groupId, topics, publisher: this.publisher,
        inbox: new Inbox(this.connection.db!.collection('_inbox'), groupId),
        handler: (envelope, context) => this.dispatch(envelope, context),
        onError: (err, context, attempt) => this.logger.warn({ err, ...context, attempt }, 'message handling failed'),
        onCommitError: (err) => this.logger.warn({ err, groupId }, 'committing handled offsets failed; they go with the next commit'),
        onBatchTimings: (timings) => this.timings.record(timings),
        progress: this.progress,
      });
      this.runner = runner;
      try {
        await this.topicCreator.ensure(topics);
        await runner.start();
        this.logger.info({ groupId, topics }, 'consumers running');
        return;
      } catch (err) {
        this.logger.warn({ err, groupId }, 'consumers could not start; retrying in 2 s');
        await runner.stop().catch(() => undefined);
        await new Promise((r) => setTimeout(r, 2000));
      }
    }
  }

  /** The group's committed offsets, as the last offset handled per partition. */
  private async committed(): Promise<Positions> {
    const admin = this.admin ??= this.kafka.admin();
    await admin.connect();
    const positions: Positions = new Map();
    for (const { topic, partitions } of await admin.fetchOffsets({ groupId: this.groupId, topics: this.topics.map(brokerTopic) })) {
      for (const { partition, offset } of partitions) if (Number(offset) > 0) positions.set(positionKey(topic, partition), Number(offset) - 1);
    }
    return positions;
  }

  /** DOWN until the app's consumer group has joined, so the app takes no traffic before it follows its events. */
  async check(): Promise<void> {
    if (this.types.length > 0 && !this.runner?.joined) throw new Error(`consumer group ${this.groupId} has not joined yet`);
  }

  async onApplicationShutdown() {
    this.stopping = true;
    await this.runner?.stop();
    await this.admin?.disconnect().catch(() => undefined);
  }

  private async dispatch(envelope: Envelope, context: MessageContext) {
    for (const consumer of this.consumers) if (consumer.topics.includes(context.topic)) await consumer.handle(envelope, context);
  }
}
