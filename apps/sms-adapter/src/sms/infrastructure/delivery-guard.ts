import { randomBytes } from 'node:crypto';
import type Redis from 'ioredis';
import type { DeliveryStatus } from '../../providers/sms-provider';

/** What a delivery's changes are checked against: its status, and the provider's id and reason stored with it. */
export interface DeliveryState { status: DeliveryStatus; providerMessageId?: string; reason?: string }

const HOLD_MS = 30_000;
const WAIT_MS = 35_000;
const POLL_MS = 10;
const COPY_TTL_SECONDS = 7 * 24 * 3600;
/** Takes the lock (KEYS[1]) and returns 1 with the copy (KEYS[2], '' when absent), or 0. */
const ACQUIRE = `if redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX') then return {1, redis.call('get', KEYS[2]) or ''} end return {0}`;
/** The holder keeps ARGV[2] as the copy (or drops it when '') and frees the lock; anyone else only drops the copy. */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then
  if ARGV[2] == '' then redis.call('del', KEYS[2]) else redis.call('set', KEYS[2], ARGV[2], 'EX', ARGV[3]) end
  return redis.call('del', KEYS[1]) end
redis.call('del', KEYS[2]) return 0`;

/**
 * Per delivery, in Redis: a lock for changing it across the adapter's instances (SET NX with a
 * token, held at most 30 s), and a copy of its stored state, so that checking a change needs no
 * read of the store. The copy is dropped before each store write and set again after it, under
 * the lock: when present it is what the store holds; when absent the store is read.
 */
export class DeliveryGuard {
  constructor(private readonly redis: Redis, private readonly prefix: string) {}

  private keys(id: string): [string, string] {
    return [`${this.prefix}lock:${id}`, `${this.prefix}state:${id}`];
  }

  /** The copy of the delivery's state, if present (no lock: for a look before work, not for a check). */
  async peek(id: string): Promise<DeliveryState | undefined> {
    return parse(await this.redis.get(this.keys(id)[1]));
  }

  /** Notes the state of new deliveries (only where no copy exists yet). */
  async seed(states: Array<[string, DeliveryState]>): Promise<void> {
    const multi = this.redis.multi();
    for (const [id, state] of states) multi.set(this.keys(id)[1], JSON.stringify(state), 'EX', COPY_TTL_SECONDS, 'NX');
    await multi.exec();
  }

  /**
   * Runs `change(copy)` holding the delivery's lock: `change` calls `writing()` before it writes
   * to the store, and resolves with the delivery's state after (undefined: no such delivery),
   * which becomes the copy. Resolves with whether `change` wrote.
   * @throws Error when the lock is still held by another after 35 s (the job is retried).
   */
  async run(id: string, change: (copy: DeliveryState | undefined, writing: () => Promise<void>) => Promise<DeliveryState | undefined>): Promise<boolean> {
    const [lock, copyKey] = this.keys(id);
    const token = randomBytes(9).toString('base64url');
    const deadline = Date.now() + WAIT_MS;
    let got: [number, string?];
    while (!(got = await this.redis.eval(ACQUIRE, 2, lock, copyKey, token, HOLD_MS) as [number, string?])[0]) {
      if (Date.now() > deadline) throw new Error(`delivery ${id} still locked after ${WAIT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    let state = parse(got[1]);
    let wrote = false;
    try {
      state = await change(state, async () => {
        wrote = true;
        state = undefined;
        await this.redis.del(copyKey);
      });
      return wrote;
    } finally {
      await this.redis.eval(RELEASE, 2, lock, copyKey, token, state ? JSON.stringify(state) : '', COPY_TTL_SECONDS).catch(() => undefined);
    }
  }
}

function parse(value: string | null | undefined): DeliveryState | undefined {
  return value ? JSON.parse(value) as DeliveryState : undefined;
}
