import { exchangeFor } from '../../test/exchange';
import type { CachedPrincipal } from '../auth/credential-cache';
import { TenantOptionView } from '../options/tenant-option-view';
import { rateLimitShape } from './rate-limit-options';
import { rateLimit } from './rate-limit.step';
import { RateLimiter } from './rate-limiter';

const as = (tenant: string) => ({ auth: { principal: { tenant } } as unknown as CachedPrincipal });

describe('rate limit step', () => {
  it('lets a tenant within its limit go on at once, queues the next, refuses past the queue with 429, and never limits a request without a principal', async () => {
    const limiter = new RateLimiter(new TenantOptionView(rateLimitShape({ perSecond: 1, queue: 1 }), async () => 'absent' as const, { ttlMs: 1e9, retryMs: 1e9, maxEntries: 10 }));
    await limiter.limits.get('t1');
    const step = rateLimit(limiter);
    expect(step(exchangeFor('GET', '/x', {}, as('t1')))).toBeUndefined();
    const queued = step(exchangeFor('GET', '/x', {}, as('t1')));
    expect(queued).toBeInstanceOf(Promise);
    expect(() => step(exchangeFor('GET', '/x', {}, as('t1')))).toThrow(expect.objectContaining({ status: 429 }));
    expect(step(exchangeFor('GET', '/health'))).toBeUndefined();
    await queued;
  });
});
