import { limitsFrom, parseRateLimitOption } from './rate-limit-options';

describe('rate-limit options', () => {
  it.each([['10', 10], [' 0.5 ', 0.5], ['1000000', 1_000_000]])('requests.per.second %p → %p', (value, n) => {
    expect(parseRateLimitOption('requests.per.second', value)).toBe(n);
  });

  it.each(['0', '-1', '1000001', 'abc', '', '1e3', '0x10', '10 rps'])('requests.per.second refuses %p', (value) => {
    expect(parseRateLimitOption('requests.per.second', value)).toBeUndefined();
  });

  it.each([['0', 0], ['25', 25], ['100000', 100_000]])('queue.length %p → %p', (value, n) => {
    expect(parseRateLimitOption('queue.length', value)).toBe(n);
  });

  it.each(['1.5', '-3', '100001', 'ten'])('queue.length refuses %p', (value) => {
    expect(parseRateLimitOption('queue.length', value)).toBeUndefined();
  });

  it('refuses values that are not strings', () => {
    expect(parseRateLimitOption('queue.length', 5)).toBeUndefined();
    expect(parseRateLimitOption('queue.length', null)).toBeUndefined();
  });

  it('overrides the default field by field, keeping it where an option is absent or invalid', () => {
    const defaults = { perSecond: 100, queue: 50 };
    expect(limitsFrom(defaults, {})).toEqual(defaults);
    expect(limitsFrom(defaults, { 'requests.per.second': '5' })).toEqual({ perSecond: 5, queue: 50 });
    expect(limitsFrom(defaults, { 'requests.per.second': 'fast', 'queue.length': '0' })).toEqual({ perSecond: 100, queue: 0 });
  });
});
