import { createHash } from 'node:crypto';
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
    const material = 'basic\nx';
    await a.put(material, { principal });
    expect(a.peek(material)?.principal).toEqual(principal);
    expect(b.peek(material)).toBeUndefined();
    expect((await b.get(material))?.principal).toEqual(principal);
    await a.evictUser('t1', 'ann');
    expect(await a.get(material)).toBeUndefined();
    expect(await new CredentialCache(redis, (a as any).options).get(material)).toBeUndefined();
  });

  it('keeps the credentials themselves out of Redis, and drops one entry by its key (a logout) in both levels', async () => {
    const cache = make();
    const material = 'basic\nhost\n\nBasic dDEvYW5uOnMzY3JldC1wYXNz';
    const entry = await cache.put(material, { principal });
    const prefix = (cache as any).options.redisPrefix as string;
    const stored = await redis.keys(`${prefix}:*`);
    expect(stored.length).toBeGreaterThan(0);
    for (const k of stored) expect(k).not.toContain('dDEvYW5u');
    expect(await redis.get(`${prefix}:auth:cred:${entry.key}`)).not.toContain('dDEvYW5u');
    await cache.evictKey(entry.key);
    expect(cache.peek(material)).toBeUndefined();
    expect(await new CredentialCache(redis, (cache as any).options).get(material)).toBeUndefined();
  });

  it('keys a platform token in memory by its tail, and longer material by its SHA-256', async () => {
    const cache = make();
    const token = 'eyJ'.padEnd(900, 'x');
    const long = 'eyJ'.padEnd(3000, 'y');
    await cache.put(token, { principal });
    await cache.put(long, { principal });
    expect(cache.peek(token)?.principal).toEqual(principal);
    expect(cache.peek(long)?.principal).toEqual(principal);
    const localKeys = [...(cache as any).local.keys()] as string[];
    expect(localKeys).toEqual([token.slice(-64), createHash('sha256').update(long).digest('base64url')]);
    // Another token with the same tail is not the cached one.
    expect(cache.peek(`eyK${token.slice(3)}`)).toBeUndefined();
    expect(cache.peek(token)?.principal).toEqual(principal);
    await cache.evictUser('t1', 'ann');
    expect(cache.peek(token)).toBeUndefined();
    expect(cache.peek(long)).toBeUndefined();
  });

  it('keeps nothing of a verification that an eviction overtook', async () => {
    const cache = make();
    const material = 'basic\ny';
    const since = cache.evictions;
    await cache.evictUser('t1', 'ann');
    expect((await cache.put(material, { principal }, since)).principal).toEqual(principal);
    expect(await cache.get(material)).toBeUndefined();
    expect(await new CredentialCache(redis, (cache as any).options).get(material)).toBeUndefined();
  });

  it('leaves nothing behind when puts and evictions of one user interleave', async () => {
    const cache = make();
    const materials = Array.from({ length: 20 }, (_, i) => `basic\n${i}`);
    await Promise.all(materials.flatMap((m) => [cache.put(m, { principal }), cache.evictUser('t1', 'ann')]));
    await cache.evictUser('t1', 'ann');
    const fresh = new CredentialCache(redis, (cache as any).options);
    for (const m of materials) expect(await fresh.get(m)).toBeUndefined();
    for (const m of materials) expect(cache.peek(m)).toBeUndefined();
  });
});
