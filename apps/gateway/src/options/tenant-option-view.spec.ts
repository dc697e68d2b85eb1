import { RateLimitKey, rateLimitShape } from '../rate-limit/rate-limit-options';
import type { RateLimits } from '../rate-limit/token-bucket';
import { OptionRead, TenantOptionView, TenantOptionViewOptions } from './tenant-option-view';

const DEFAULTS = { perSecond: 100, queue: 10 };

/** Options of a tenant as tenant-options would answer them, and the reads made. */
function store(answers: Record<string, Partial<Record<RateLimitKey, OptionRead>>>) {
  const reads: string[] = [];
  const read = async (tenant: string, category: string, key: string): Promise<OptionRead> => {
    reads.push(`${tenant}/${category}/${key}`);
    return answers[tenant]?.[key as RateLimitKey] ?? 'absent';
  };
  return { reads, read };
}

/** The view the rate limiter uses, as the example of a view. */
const limitsView = (read: (t: string, c: string, k: string) => Promise<OptionRead>, options: TenantOptionViewOptions, clock: () => number) =>
  new TenantOptionView<RateLimits>(rateLimitShape(DEFAULTS), read, options, clock);

describe('TenantOptionView', () => {
  let now = 0;
  const clock = () => now;
  const options = { ttlMs: 300_000, retryMs: 30_000, maxEntries: 2 };
  beforeEach(() => (now = 1_000));

  it('reads a tenant\'s options once, on its first request, shared by concurrent requests; the default where absent', async () => {
    const s = store({ t1: { 'requests.per.second': { value: '5' } } });
    const limits = limitsView(s.read, options, clock);
    const [a, b] = [limits.get('t1'), limits.get('t1')];
    expect(a).toBeInstanceOf(Promise);
    expect(await a).toEqual({ perSecond: 5, queue: 10 });
    expect(await b).toEqual({ perSecond: 5, queue: 10 });
    expect(limits.get('t1')).toEqual({ perSecond: 5, queue: 10 });
    expect(s.reads).toEqual(['t1/rate.limit/requests.per.second', 't1/rate.limit/queue.length']);
    expect(await limits.get('t2')).toEqual(DEFAULTS);
  });

  it('uses the default after a failed read and reads again after the retry delay, keeping the old limits meanwhile', async () => {
    const answers: Record<string, Partial<Record<RateLimitKey, OptionRead>>> = { t1: { 'queue.length': 'failed' } };
    const s = store(answers);
    const failures: string[] = [];
    const limits = limitsView(s.read, { ...options, onFailure: (t) => failures.push(t) }, clock);
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
    const limits = limitsView(s.read, options, clock);
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
    const limits = limitsView(s.read, options, clock);
    for (const t of ['a', 'b', 'c']) await limits.get(t);
    expect(limits.get('c')).toEqual(DEFAULTS);
    expect(limits.get('a')).toBeInstanceOf(Promise);
    now += 300_001;
    s.reads.length = 0;
    expect(limits.get('c')).toEqual(DEFAULTS);
    expect(s.reads).toEqual(['c/rate.limit/requests.per.second', 'c/rate.limit/queue.length']);
  });
});
