import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Consumer, Kafka } from 'kafkajs';
import type { Logger } from 'pino';
import { Topics } from '@berth/contracts';
import { brokerTopic, ConsumerProgress, FETCH_MAX_WAIT_MS } from '@berth/messaging';
import { BASE_CONFIG, KAFKA, PINO, TopicCreator } from '@berth/runtime';
import type { GatewayConfig } from '../config/gateway.env';
import { GatewayFence } from '../consistency/gateway-fence';
import { EventsReadiness } from './events-readiness';

/** What a gateway part does with an event: a parsed envelope and the message key. */
export type GatewayEventHandler = (envelope: { type?: unknown; tenantId?: unknown; aggregateVersion?: unknown; payload?: unknown }, key: string | undefined) => Promise<void> | void;

/** The topics whose events change what the gateway keeps in memory: identities, options, microservice routes and subscriptions. */
const TOPICS = [Topics.userEvents, Topics.tenantEvents, Topics.optionEvents, Topics.deploymentEvents, Topics.subscriptionEvents];

/**
 * The events the gateway's in-memory state follows (cached credentials, rate limits). Every
 * replica must see every event, so each process reads in a consumer group of its own, from the
 * newest offset. Until the group has joined, the gateway reports this feed DOWN on `/health`, so
 * it takes no traffic while it could miss an invalidation.
 *
 * The group's name is new for each process (`<BERTH_DB_PREFIX>.gateway.<host name>.<random>`),
 * and the process deletes its group when it shuts down. A name kept per instance (the pod's host
 * name) would not keep groups from piling up: a Deployment's pods, and compose's recreated
 * containers, get new host names anyway; and two processes that happened to share a name would
 * split the partitions between them, each missing the other's events. A process that dies without
 * shutting down leaves its group behind, empty; the broker drops it once its committed offsets
 * expire (`offsets.retention.minutes`). Offsets are still committed, so that a consumer kafkajs
 * restarts within the process resumes where it was rather than at the newest event.
 */
@Injectable()
export class GatewayEvents implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly handlers: GatewayEventHandler[] = [];
  private readonly reloads: Array<() => Promise<void>> = [];
  private consumer?: Consumer;
  private stopping = false;

  private readonly progress = new ConsumerProgress(TOPICS.map(brokerTopic));
  /** This process's own consumer group. */
  readonly groupId: string;

  constructor(
    private readonly readiness: EventsReadiness, @Inject(KAFKA) private readonly kafka: Kafka, @Inject(BASE_CONFIG) config: GatewayConfig,
    @Inject(PINO) private readonly logger: Logger, fence: GatewayFence, private readonly topicCreator: TopicCreator,
  ) {
    fence.follow(this.progress);
    this.groupId = `${config.BERTH_DB_PREFIX}.gateway.${hostname()}.${randomUUID().slice(0, 8)}`;
  }

  /** Registers a handler; each event goes to every handler. Handlers must be idempotent. */
  on(handler: GatewayEventHandler): void {
    this.handlers.push(handler);
  }

  /**
   * Registers a reload of state read before the group joined (the routes from Redis): it runs once
   * the events are followed, before the gateway reports ready, so a change made between that read
   * and the join (which counts as handled) is not lost. Reloads must be idempotent.
   */
  onFollowing(reload: () => Promise<void>): void {
    this.reloads.push(reload);
  }

  onApplicationBootstrap() {
    void this.follow();
  }

  /** Starts following, retrying every 2 s; the topics are created first if their owners have not started yet. */
  private async follow() {
    while (!this.stopping) {
      try {
        await this.topicCreator.ensure(TOPICS);
        await this.start();
        this.logger.info({ topics: TOPICS, groupId: this.groupId }, 'following gateway events');
        return;
      } catch (err) {
        this.logger.warn({ err }, 'could not follow gateway events yet; retrying in 2 s');
        await this.consumer?.disconnect().catch(() => undefined);
        await new Promise((r) => setTimeout(r, 2000));
      }
    }
  }

  async onApplicationShutdown() {
    this.stopping = true;
    if (!this.consumer) return;
    await this.consumer.disconnect();
    await this.deleteGroup();
  }

  /** Drops this process's group from the broker once the consumer has left it (see the class comment). */
  private async deleteGroup(): Promise<void> {
    const admin = this.kafka.admin({ retry: { retries: 1 } });
    try {
      await admin.connect();
      await admin.deleteGroups([this.groupId]);
    } catch (err) {
      this.logger.warn({ err, groupId: this.groupId }, 'could not delete the gateway\'s consumer group; the broker drops it when its offsets expire');
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
  }

  /**
   * The group reads from the newest offset, so what came before counts as handled: the gateway's
   * state starts from its owners' current state (routes from Redis, credentials and options read on demand).
   */
  private async markStart(): Promise<void> {
    for (let attempt = 1; !this.stopping; attempt++) {
      try {
        await this.startingPoint();
        for (const reload of this.reloads) await reload();
        this.readiness.ready();
        return;
      } catch (err) {
        this.logger.warn({ err, attempt }, 'could not read where the gateway events start; retrying in 1 s');
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  }

  private async startingPoint(): Promise<void> {
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      for (const topic of TOPICS) {
        for (const { partition, high } of await admin.fetchTopicOffsets(brokerTopic(topic))) this.progress.handled(brokerTopic(topic), partition, Number(high) - 1);
      }
    } finally {
      await admin.disconnect();
    }
  }

  private async start() {
    const consumer = this.kafka.consumer({ groupId: this.groupId, allowAutoTopicCreation: false, maxWaitTimeInMs: FETCH_MAX_WAIT_MS });
    this.consumer = consumer;
    consumer.on(consumer.events.GROUP_JOIN, () => void this.markStart());
    await consumer.connect();
    await consumer.subscribe({ topics: TOPICS.map(brokerTopic), fromBeginning: false });
    await consumer.run({
      eachMessage: async ({ topic, partition, message }) => {
        try {
          const envelope = JSON.parse(message.value?.toString('utf8') ?? '{}');
          for (const handler of this.handlers) await handler(envelope, message.key?.toString('utf8'));
        } catch (err) {
          this.logger.warn({ err }, 'could not handle a gateway event');
        }
        this.progress.handled(topic, partition, message.offset);
      },
    });
  }
}
