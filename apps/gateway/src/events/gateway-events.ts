import { randomUUID } from 'node:crypto';
import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Consumer, Kafka } from 'kafkajs';
import type { Logger } from 'pino';
import { Topics } from '@berth/contracts';
import { brokerTopic, ensureTopics, FETCH_MAX_WAIT_MS } from '@berth/messaging';
import { BASE_CONFIG, KAFKA, PINO } from '@berth/runtime';
import type { GatewayConfig } from '../config/gateway.env';
import { EventsReadiness } from './events-readiness';

/** What a gateway part does with an event: a parsed envelope and the message key. */
export type GatewayEventHandler = (envelope: { type?: unknown; tenantId?: unknown; payload?: unknown }, key: string | undefined) => Promise<void> | void;

/** The topics whose events change what the gateway keeps in memory: identities, options and microservice routes. */
const TOPICS = [Topics.userEvents, Topics.tenantEvents, Topics.optionEvents, Topics.deploymentEvents];

/**
 * The events the gateway's in-memory state follows (cached credentials, rate limits). Every
 * replica must see every event, so each process reads in a consumer group of its own, from the
 * newest offset. Until the group has joined, the gateway reports this feed DOWN on `/health`, so
 * it takes no traffic while it could miss an invalidation.
 */
@Injectable()
export class GatewayEvents implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly handlers: GatewayEventHandler[] = [];
  private consumer?: Consumer;
  private stopping = false;

  constructor(private readonly readiness: EventsReadiness, @Inject(KAFKA) private readonly kafka: Kafka, @Inject(BASE_CONFIG) private readonly config: GatewayConfig, @Inject(PINO) private readonly logger: Logger) {}

  /** Registers a handler; each event goes to every handler. Handlers must be idempotent. */
  on(handler: GatewayEventHandler): void {
    this.handlers.push(handler);
  }

  onApplicationBootstrap() {
    void this.follow();
  }

  /** Starts following, retrying every 2 s; the topics are created first if their owners have not started yet. */
  private async follow() {
    while (!this.stopping) {
      try {
        await ensureTopics(this.kafka, TOPICS);
        await this.start();
        this.logger.info({ topics: TOPICS }, 'following gateway events');
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
    await this.consumer?.disconnect();
  }

  private async start() {
    const consumer = this.kafka.consumer({ groupId: `${this.config.BERTH_DB_PREFIX}.gateway.${randomUUID()}`, allowAutoTopicCreation: false, maxWaitTimeInMs: FETCH_MAX_WAIT_MS });
    this.consumer = consumer;
    consumer.on(consumer.events.GROUP_JOIN, () => this.readiness.ready());
    await consumer.connect();
    await consumer.subscribe({ topics: TOPICS.map(brokerTopic), fromBeginning: false });
    await consumer.run({
      eachMessage: async ({ message }) => {
        try {
          const envelope = JSON.parse(message.value?.toString('utf8') ?? '{}');
          for (const handler of this.handlers) await handler(envelope, message.key?.toString('utf8'));
        } catch (err) {
          this.logger.warn({ err }, 'could not handle a gateway event');
        }
      },
    });
  }
}
