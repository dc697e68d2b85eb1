import Redis from 'ioredis';
import { CredentialCache } from '../src/auth/credential-cache';

const principal = { tenant: 't1', user: 'ann', roles: ['ROLE_A'], kind: 'user' as const };

describe('CredentialCache against Redis', () => {
  const redis = new Redis(process.env.REDIS_URL!);
  afterAll(() => redis.quit());
  const make = () => new CredentialCache(redis, { internalKey: 'k'.repeat(32), redisPrefix: `cc${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`, ttlSeconds: 60, maxEntries: 100 });

  it('serves a put from memory and, in another process\'s cache, from Redis; an eviction drops both', async () => {
    const a = make();
    const b = new CredentialCache(redis, (a as any).options);
    const key = a.keyOf('basic\nx');
    await a.put(key, { principal });
    expect((await a.get(key))?.principal).toEqual(principal);
    expect((await b.get(key))?.principal).toEqual(principal);
    await a.evictUser('t1', 'ann');
    expect(await a.get(key)).toBeUndefined();
    expect(await new CredentialCache(redis, (a as any).options).get(key)).toBeUndefined();
  });

  it('keeps nothing of a verification that an eviction overtook', async () => {
    const cache = make();
    const key = cache.keyOf('basic\ny');
    const since = cache.evictions;
    await cache.evictUser('t1', 'ann');
    expect((await cache.put(key, { principal }, since)).principal).toEqual(principal);
    expect(await cache.get(key)).toBeUndefined();
    expect(await new CredentialCache(redis, (cache as any).options).get(key)).toBeUndefined();
  });

  it('leaves nothing behind when puts and evictions of one user interleave', async () => {
    const cache = make();
    const keys = Array.from({ length: 20 }, (_, i) => cache.keyOf(`basic\n${i}`));
    await Promise.all(keys.flatMap((key) => [cache.put(key, { principal }), cache.evictUser('t1', 'ann')]));
    await cache.evictUser('t1', 'ann');
    const fresh = new CredentialCache(redis, (cache as any).options);
    for (const key of keys) expect(await fresh.get(key)).toBeUndefined();
  });
});
