import { RateLimitKey } from './rate-limit-options';
import { RateLimiter } from './rate-limiter';
import { OptionRead, TenantRateLimits } from './tenant-rate-limits';
import type { RateLimits } from './token-bucket';

const DEFAULTS = { perSecond: 100, queue: 10 };

/** Options of a tenant as tenant-options would answer them, and the reads made. */
function store(answers: Record<string, Partial<Record<RateLimitKey, OptionRead>>>) {
  const reads: string[] = [];
  const read = async (tenant: string, key: RateLimitKey): Promise<OptionRead> => {
    reads.push(`${tenant}/${key}`);
    return answers[tenant]?.[key] ?? 'absent';
  };
  return { reads, read };
}

describe('TenantRateLimits', () => {
  let now = 0;
  const clock = () => now;
  const options = { ttlMs: 300_000, retryMs: 30_000, maxEntries: 2 };
  beforeEach(() => (now = 1_000));

  it('reads a tenant\'s options once, on its first request, shared by concurrent requests; the default where absent', async () => {
    const s = store({ t1: { 'requests.per.second': { value: '5' } } });
    const limits = new TenantRateLimits(DEFAULTS, s.read, options, clock);
    const [a, b] = [limits.get('t1'), limits.get('t1')];
    expect(a).toBeInstanceOf(Promise);
    expect(await a).toEqual({ perSecond: 5, queue: 10 });
    expect(await b).toEqual({ perSecond: 5, queue: 10 });
    expect(limits.get('t1')).toEqual({ perSecond: 5, queue: 10 });
    expect(s.reads).toEqual(['t1/requests.per.second', 't1/queue.length']);
    expect(await limits.get('t2')).toEqual(DEFAULTS);
  });

  it('uses the default after a failed read and reads again after the retry delay, keeping the old limits meanwhile', async () => {
    const answers: Record<string, Partial<Record<RateLimitKey, OptionRead>>> = { t1: { 'queue.length': 'failed' } };
    const s = store(answers);
    const failures: string[] = [];
    const limits = new TenantRateLimits(DEFAULTS, s.read, { ...options, onFailure: (t) => failures.push(t) }, clock);
    expect(await limits.get('t1')).toEqual(DEFAULTS);
    expect(failures).toEqual(['t1']);
    now += 29_000;
    expect(limits.get('t1')).toEqual(DEFAULTS);
    answers.t1 = { 'queue.length': { value: '3' } };
    now += 2_000;
    expect(limits.get('t1')).toEqual(DEFAULTS);
    await new Promise((r) => setImmediate(r));
    expect(limits.get('t1')).toEqual({ perSecond: 100, queue: 3 });
  });

  it('forgets a tenant on drop, including a read in flight, so the next request reads afresh', async () => {
    const answers: Record<string, Partial<Record<RateLimitKey, OptionRead>>> = { t1: { 'requests.per.second': { value: '5' } } };
    const s = store(answers);
    const limits = new TenantRateLimits(DEFAULTS, s.read, options, clock);
    const stale = limits.get('t1');
    limits.drop('t1');
    answers.t1 = { 'requests.per.second': { value: '7' } };
    expect(await stale).toEqual({ perSecond: 5, queue: 10 });
    expect(await limits.get('t1')).toEqual({ perSecond: 7, queue: 10 });
    limits.drop('t1');
    answers.t1 = {};
    expect(await limits.get('t1')).toEqual(DEFAULTS);
  });

  it('reads again after the TTL and keeps at most maxEntries tenants', async () => {
    const s = store({});
    const limits = new TenantRateLimits(DEFAULTS, s.read, options, clock);
    for (const t of ['a', 'b', 'c']) await limits.get(t);
    expect(limits.get('c')).toEqual(DEFAULTS);
    expect(limits.get('a')).toBeInstanceOf(Promise);
    now += 300_001;
    s.reads.length = 0;
    expect(limits.get('c')).toEqual(DEFAULTS);
    expect(s.reads).toEqual(['c/requests.per.second', 'c/queue.length']);
  });
});

describe('RateLimiter', () => {
  const fixed = (l: RateLimits) => new TenantRateLimits(l, async () => 'absent', { ttlMs: 1e9, retryMs: 1e9, maxEntries: 10 });

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
    const limiter = new RateLimiter(fixed({ perSecond: 1000, queue: 1 }));
    await limiter.admit('t1');
    await limiter.admit('t2');
    await new Promise((r) => setTimeout(r, 5));
    expect(limiter.sweep()).toBe(0);
  });
});
