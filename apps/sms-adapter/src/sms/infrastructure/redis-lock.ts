import { randomBytes } from 'node:crypto';
import type Redis from 'ioredis';

const HOLD_MS = 30_000;
const WAIT_MS = 35_000;
const POLL_MS = 10;
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/**
 * A lock per name in Redis (SET NX with a token, held at most 30 s, released only by its holder),
 * for a read-check-write that must not interleave across the adapter's instances. A holder that
 * dies frees the name after 30 s; a caller that waited longer than 35 s gets an error (its job is retried).
 */
export class RedisLock {
  constructor(private readonly redis: Redis, private readonly prefix: string) {}

  async run<T>(name: string, work: () => Promise<T>): Promise<T> {
    const key = `${this.prefix}${name}`;
    const token = randomBytes(9).toString('base64url');
    const deadline = Date.now() + WAIT_MS;
    while ((await this.redis.set(key, token, 'PX', HOLD_MS, 'NX')) !== 'OK') {
      if (Date.now() > deadline) throw new Error(`lock ${name} still held after ${WAIT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    try {
      return await work();
    } finally {
      await this.redis.eval(RELEASE, 1, key, token).catch(() => undefined);
    }
  }
}
