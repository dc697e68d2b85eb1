import { createHash } from 'node:crypto';
import type Redis from 'ioredis';

const MARK_TTL_SECONDS = 7 * 24 * 3600;

/** Where a provider's receipt reference leads: the delivery, and whether its request asked for notifications. */
export interface ReferenceTarget { deliveryId: string; notify: boolean }

/**
 * Marks, in Redis, deliveries whose submit may have reached the provider without its answer being
 * seen (the adapter died between sending and reading the answer, or no answer came in time), so that
 * the receipt can settle them instead of a second submit. Right before a submit: `submitting:<delivery>`
 * (when), and the way back from the reference the message carries, `ref:<tenant>:<address>:<reference>`.
 * The acceptance note replaces the mark; a definite failure removes it.
 */
export class SubmitMarks {
  constructor(private readonly redis: Redis, private readonly prefix: string) {}

  /** The key of the delivery's mark (its value: when the submit left, in ms since the epoch). */
  key(deliveryId: string): string {
    return `${this.prefix}submitting:${deliveryId}`;
  }

  async mark(tenant: string, address: string, reference: number, deliveryId: string, notify: boolean): Promise<void> {
    await this.redis.multi()
      .set(this.key(deliveryId), String(Date.now()), 'EX', MARK_TTL_SECONDS)
      .set(this.referenceKey(tenant, address, reference), `${deliveryId} ${notify ? 'notify' : '-'}`, 'EX', MARK_TTL_SECONDS)
      .exec();
  }

  async clear(deliveryId: string): Promise<void> {
    await this.redis.del(this.key(deliveryId));
  }

  /** The delivery last sent to `address` with `reference`, if any. */
  async byReference(tenant: string, address: string, reference: number): Promise<ReferenceTarget | undefined> {
    const [deliveryId, flag] = ((await this.redis.get(this.referenceKey(tenant, address, reference))) ?? '').split(' ');
    return deliveryId ? { deliveryId, notify: flag === 'notify' } : undefined;
  }

  private referenceKey(tenant: string, address: string, reference: number): string {
    return `${this.prefix}ref:${tenant}:${address}:${reference}`;
  }
}

/**
 * The reference a delivery's message carries: 16 bits (SMPP's user_message_reference) taken from a
 * hash of its id, the same on every attempt. Two deliveries to one address share one with odds of
 * 1 in 65,536, which matters only when both are unsettled at once.
 */
export function referenceOf(deliveryId: string): number {
  return createHash('sha1').update(deliveryId).digest().readUInt16BE(0);
}
