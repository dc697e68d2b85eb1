import { randomUUID } from 'node:crypto';
import type { Consumer, Kafka } from 'kafkajs';
import type { Logger } from 'pino';
import { TenantChanged, TenantChangedV1, Topics, UserChanged, UserChangedV1 } from '@berth/contracts';
import { CredentialCache } from './credential-cache';

/**
 * Drops cached credentials on identity events. Every gateway replica must see every event, so each
 * process reads in a consumer group of its own, from the newest offset (its cache starts empty;
 * entries in Redis older than this process are bounded by the cache TTL).
 */
export class IdentityEventsListener {
  private consumer?: Consumer;

  constructor(private readonly kafka: Kafka, private readonly cache: CredentialCache, private readonly groupPrefix: string, private readonly logger: Logger) {}

  async start(): Promise<void> {
    const consumer = this.kafka.consumer({ groupId: `${this.groupPrefix}.gateway.${randomUUID()}`, allowAutoTopicCreation: false, maxWaitTimeInMs: 100 });
    this.consumer = consumer;
    await consumer.connect();
    await consumer.subscribe({ topics: [Topics.userEvents, Topics.tenantEvents], fromBeginning: false });
    await consumer.run({
      eachMessage: async ({ message }) => {
        try {
          const envelope = JSON.parse(message.value?.toString('utf8') ?? '{}');
          if (envelope.type === UserChanged.type) {
            const { tenant, userName } = envelope.payload as UserChangedV1;
            await this.cache.evictUser(tenant, userName);
          } else if (envelope.type === TenantChanged.type) {
            await this.cache.evictTenant((envelope.payload as TenantChangedV1).tenant);
          }
        } catch (err) {
          this.logger.warn({ err }, 'could not read an identity event');
        }
      },
    });
  }

  async stop(): Promise<void> {
    await this.consumer?.disconnect();
  }
}
