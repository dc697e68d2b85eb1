import { TenantOptionView } from '../options/tenant-option-view';
import { rateLimitShape } from './rate-limit-options';
import { RateLimiter } from './rate-limiter';
import type { RateLimits } from './token-bucket';

describe('RateLimiter', () => {
  const fixed = (l: RateLimits) => new TenantOptionView(rateLimitShape(l), async () => 'absent' as const, { ttlMs: 1e9, retryMs: 1e9, maxEntries: 10 });

  it('limits each tenant on its own and throws 429 with Retry-After past the queue', async () => {
    const limiter = new RateLimiter(fixed({ perSecond: 1, queue: 1 }));
    await limiter.limits.get('t2');
    expect(limiter.admit('t1')).toBeInstanceOf(Promise);
    await new Promise((r) => setImmediate(r));
    const queued = limiter.admit('t1');
    expect(queued).toBeInstanceOf(Promise);
    let error: any;
    try { limiter.admit('t1'); } catch (err) { error = err; }
    expect(error).toMatchObject({ status: 429, code: 'general/Too Many Requests', headers: { 'retry-after': '2' } });
    expect(limiter.admit('t2')).toBeUndefined();
    await queued;
  });

  it('gives up a queued place when the client goes away', async () => {
    const limiter = new RateLimiter(fixed({ perSecond: 1, queue: 1 }));
    await limiter.limits.get('t1');
    expect(limiter.admit('t1')).toBeUndefined();
    let cancel: (() => void) | undefined;
    void limiter.admit('t1', (c) => (cancel = c));
    expect(() => limiter.admit('t1')).toThrow();
    cancel!();
    expect(limiter.admit('t1')).toBeInstanceOf(Promise);
  });

  it('forgets idle buckets on sweep', async () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(fixed({ perSecond: 1000, queue: 1 }), () => now);
    await limiter.admit('t1');
    await limiter.admit('t2');
    now += 5;
    expect(limiter.sweep()).toBe(0);
  });
});
