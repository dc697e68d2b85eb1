import { createHash } from 'node:crypto';
import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { JobsOptions, Queue } from 'bullmq';
import Redis from 'ioredis';
import { SMS_CONFIG } from '../../config/sms-config.token';
import type { SmsAdapterConfig } from '../../config/sms-adapter.env';
import type { DeliveryReceipt } from '../../providers/sms-provider';
import { deliveryId, SmsRequestDocument } from '../domain/sms-request';

export const SEND_QUEUE = 'sms-send';
export const EVENTS_QUEUE = 'sms-events';

/** A delivery to submit, with what to send (a job without `sms` is sent from the stored request, which the worker reads). */
export interface SendJob { requestId: string; index: number; sms?: QueuedSms }
export interface QueuedSms {
  tenant: string; senderAddress: string; senderName?: string; address: string; text: string; expiresAt?: string; notify: boolean;
}
export type EventJob =
  | { kind: 'receipt'; tenant: string; receipt: DeliveryReceipt }
  | { kind: 'notify'; requestId: string; index: number };

/**
 * The adapter's BullMQ queues, on Redis under `<BERTH_DB_PREFIX>:bull`. Job ids come from what
 * triggered the job (the delivery id; the receipt's provider message id and status), so adding
 * the same work twice, after a retried request or a redelivered message, runs it once.
 */
@Injectable()
export class SmsQueues implements OnApplicationShutdown {
  readonly connection: Redis;
  readonly prefix: string;
  readonly send: Queue<SendJob>;
  readonly events: Queue<EventJob>;

  constructor(@Inject(SMS_CONFIG) private readonly config: SmsAdapterConfig) {
    this.connection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
    this.prefix = `${config.BERTH_DB_PREFIX}:bull`;
    this.send = new Queue<SendJob>(SEND_QUEUE, { connection: this.connection, prefix: this.prefix });
    this.events = new Queue<EventJob>(EVENTS_QUEUE, { connection: this.connection, prefix: this.prefix });
  }

  /** Retried with exponential back-off from BERTH_SMS_RETRY_DELAY_MS, BERTH_SMS_ATTEMPTS times in all. */
  private options(jobId: string): JobsOptions {
    return {
      jobId, attempts: this.config.BERTH_SMS_ATTEMPTS, backoff: { type: 'exponential', delay: this.config.BERTH_SMS_RETRY_DELAY_MS },
      removeOnComplete: { age: 24 * 3600, count: 100_000 }, removeOnFail: { age: 7 * 24 * 3600 },
    };
  }

  /** One job per recipient still waiting. */
  async enqueueDeliveries(request: SmsRequestDocument): Promise<void> {
    const waiting = request.deliveries.map((d, index) => ({ d, index })).filter(({ d }) => d.status === 'MessageWaiting');
    if (waiting.length === 0) return;
    await this.send.addBulk(waiting.map(({ d, index }) => ({
      name: 'deliver', data: { requestId: request._id, index, sms: queuedSms(request, d.address) }, opts: this.options(deliveryId(request._id, index)),
    })));
  }

  async enqueueReceipt(tenant: string, receipt: DeliveryReceipt): Promise<void> {
    const id = createHash('sha256').update(`${tenant}\n${receipt.providerMessageId}\n${receipt.status}`).digest('base64url');
    await this.events.add('receipt', { kind: 'receipt', tenant, receipt }, this.options(`r-${id}`));
  }

  async enqueueNotify(requestId: string, index: number): Promise<void> {
    await this.events.add('notify', { kind: 'notify', requestId, index }, this.options(`n-${deliveryId(requestId, index)}`));
  }

  async onApplicationShutdown() {
    await Promise.all([this.send.close(), this.events.close()]).catch(() => undefined);
    await this.connection.quit().catch(() => this.connection.disconnect());
  }
}

export function queuedSms(request: SmsRequestDocument, address: string): QueuedSms {
  const { tenant, senderAddress, senderName, message: text, expiresAt, notifyUrl } = request;
  return { tenant, senderAddress, address, text, notify: Boolean(notifyUrl), ...(senderName ? { senderName } : {}), ...(expiresAt ? { expiresAt } : {}) };
}
