import { eventually } from './eventually';

describe('eventually: the one polling helper of the test suites', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('answers the first value for which the check holds', async () => {
    let n = 0;
    const polled = eventually(() => ++n, (v) => v === 3, { timeoutMs: 1000, intervalMs: 10 });
    await jest.advanceTimersByTimeAsync(100);
    await expect(polled).resolves.toBe(3);
  });

  it('throws, naming what it waited for and the last value, when the check never holds', async () => {
    let n = 0;
    const polled = eventually(async () => ({ seen: ++n }), (v) => v.seen < 0, { timeoutMs: 500, intervalMs: 100, what: 'a negative count' });
    const failed = expect(polled).rejects.toThrow('a negative count did not hold within 500 ms; last value: { seen: 6 }');
    await jest.advanceTimersByTimeAsync(600);
    await failed;
  });

  it('takes a bare number as the timeout', async () => {
    const polled = eventually(() => 'never', (v) => v === 'ready', 300);
    const failed = expect(polled).rejects.toThrow(/did not hold within 300 ms; last value: 'never'/);
    await jest.advanceTimersByTimeAsync(400);
    await failed;
  });

  it('passes on an error of the polled function at once', async () => {
    const polled = eventually(async () => { throw new Error('boom'); }, () => true, 1000);
    await expect(polled).rejects.toThrow('boom');
  });
});
