import { randomUUID } from 'node:crypto';
import type { Consumer, Kafka } from 'kafkajs';
import type { Logger } from 'pino';
import { OptionChanged, OptionChangedV1, Topics } from '@berth/contracts';
import { RATE_LIMIT_CATEGORY } from './rate-limit-options';
import { TenantRateLimits } from './tenant-rate-limits';

/**
 * Drops a tenant's limits when one of its `rate.limit` options changes (the event never carries
 * the value; the next request reads the options again). Every gateway replica keeps its own
 * limits, so each process reads in a consumer group of its own, from the newest offset.
 */
export class RateLimitEventsListener {
  private consumer?: Consumer;

  constructor(private readonly kafka: Kafka, private readonly limits: TenantRateLimits, private readonly groupPrefix: string, private readonly logger: Logger) {}

  async start(): Promise<void> {
    const consumer = this.kafka.consumer({ groupId: `${this.groupPrefix}.gateway.limits.${randomUUID()}`, allowAutoTopicCreation: false, maxWaitTimeInMs: 100 });
    this.consumer = consumer;
    await consumer.connect();
    await consumer.subscribe({ topics: [Topics.optionEvents], fromBeginning: false });
    await consumer.run({
      eachMessage: async ({ message }) => {
        try {
          const tenant = rateLimitChangeOf(JSON.parse(message.value?.toString('utf8') ?? '{}'), message.key?.toString('utf8'));
          if (tenant) this.limits.drop(tenant);
        } catch (err) {
          this.logger.warn({ err }, 'could not read an option event');
        }
      },
    });
  }

  async stop(): Promise<void> {
    await this.consumer?.disconnect();
  }
}

/**
 * The tenant whose rate-limit options an event changed: an OptionChanged of category `rate.limit`,
 * for the envelope's `tenantId` (else the first segment of the message key `<tenant>/<category>/<key>`);
 * undefined for any other message.
 */
export function rateLimitChangeOf(envelope: { type?: unknown; tenantId?: unknown; payload?: unknown }, key?: string): string | undefined {
  if (envelope.type !== OptionChanged.type) return undefined;
  if ((envelope.payload as OptionChangedV1 | undefined)?.category !== RATE_LIMIT_CATEGORY) return undefined;
  const tenant = typeof envelope.tenantId === 'string' ? envelope.tenantId : key?.split('/')[0];
  return tenant || undefined;
}
