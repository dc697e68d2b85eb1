import { randomBytes } from 'node:crypto';
import type Redis from 'ioredis';
import type { DeliveryStatus } from '../../providers/sms-provider';

/** What a delivery's changes are checked against: its status, and the provider's id and reason stored with it. */
export interface DeliveryState { status: DeliveryStatus; providerMessageId?: string; reason?: string }

const HOLD_MS = 30_000;
const WAIT_MS = 35_000;
const POLL_MS = 10;
const COPY_TTL_SECONDS = 7 * 24 * 3600;
/**
 * Takes the lock (KEYS[1]) and marks the delivery held (KEYS[3], kept by a holder that died);
 * returns 1 with the copy (KEYS[2]; '' when absent or when a holder died), or 0.
 */
const ACQUIRE = `if redis.call('exists', KEYS[1]) == 1 then return {0} end
local copy = redis.call('get', KEYS[2]) or ''
if redis.call('exists', KEYS[3]) == 1 then copy = '' end
redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('set', KEYS[3], '1', 'EX', ARGV[3])
return {1, copy}`;
/** The holder keeps ARGV[2] as the copy (drops it when ''), and frees the delivery. */
const RELEASE = `if redis.call('get', KEYS[1]) ~= ARGV[1] then return 0 end
if ARGV[2] == '' then redis.call('del', KEYS[2]) else redis.call('set', KEYS[2], ARGV[2], 'EX', ARGV[3]) end
return redis.call('del', KEYS[1], KEYS[3])`;

/**
 * Per delivery, in Redis: a lock for changing it across the adapter's instances (held at most
 * 30 s; changes within one instance also wait their turn in memory, without polling Redis), and
 * a copy of its stored state, so that checking a change needs no read of the store. The copy is
 * set when the change is done; when a holder died (its held mark outlives it) or its store write
 * failed, the copy is not trusted and the store is read.
 */
export class DeliveryGuard {
  private readonly local = new Map<string, Promise<unknown>>();
  private readonly scripts: GuardScripts;

  constructor(private readonly redis: Redis, private readonly prefix: string) {
    // Sent by their SHA1 (EVALSHA, the text only when Redis does not know it yet), not in full with every call.
    redis.defineCommand('smsDeliveryAcquire', { numberOfKeys: 3, lua: ACQUIRE });
    redis.defineCommand('smsDeliveryRelease', { numberOfKeys: 3, lua: RELEASE });
    this.scripts = redis as unknown as GuardScripts;
  }

  private keys(id: string): [string, string, string] {
    return [`${this.prefix}lock:${id}`, `${this.prefix}state:${id}`, `${this.prefix}held:${id}`];
  }

  /** The copy of the delivery's state if present and trusted, and the values at keys `others`, in one round trip (no lock: a look before work, not a check). */
  async peek(id: string, others: string[]): Promise<{ copy?: DeliveryState; values: Array<string | null> }> {
    const [, copyKey, heldKey] = this.keys(id);
    const [copy, held, ...values] = await this.redis.mget(copyKey, heldKey, ...others);
    return { copy: held ? undefined : parse(copy), values };
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
  run(id: string, change: (copy: DeliveryState | undefined, writing: () => void) => Promise<DeliveryState | undefined>): Promise<boolean> {
    const turn = (this.local.get(id) ?? Promise.resolve()).catch(() => undefined).then(() => this.locked(id, change));
    this.local.set(id, turn);
    void turn.finally(() => this.local.get(id) === turn && this.local.delete(id)).catch(() => undefined);
    return turn;
  }

  private async locked(id: string, change: (copy: DeliveryState | undefined, writing: () => void) => Promise<DeliveryState | undefined>): Promise<boolean> {
    const keys = this.keys(id);
    const token = randomBytes(9).toString('base64url');
    const deadline = Date.now() + WAIT_MS;
    let got: [number, string?];
    while (!(got = await this.scripts.smsDeliveryAcquire(...keys, token, HOLD_MS, COPY_TTL_SECONDS))[0]) {
      if (Date.now() > deadline) throw new Error(`delivery ${id} still locked after ${WAIT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    let state = parse(got[1]);
    let wrote = false;
    try {
      state = await change(state, () => {
        wrote = true;
        state = undefined;
      });
      return wrote;
    } finally {
      await this.scripts.smsDeliveryRelease(...keys, token, state ? JSON.stringify(state) : '', COPY_TTL_SECONDS).catch(() => undefined);
    }
  }
}

/** The guard's scripts, as `defineCommand` adds them to the connection. */
interface GuardScripts {
  smsDeliveryAcquire(...keysAndArgs: Array<string | number>): Promise<[number, string?]>;
  smsDeliveryRelease(...keysAndArgs: Array<string | number>): Promise<number>;
}

function parse(value: string | null | undefined): DeliveryState | undefined {
  return value ? JSON.parse(value) as DeliveryState : undefined;
}
