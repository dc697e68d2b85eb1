import { ConsumerProgress } from './consumer-progress';

describe('ConsumerProgress', () => {
  afterEach(() => jest.useRealTimers());

  it('has reached positions of its topics once it handled them, and ignores other topics', () => {
    const progress = new ConsumerProgress(['a']);
    const wanted = new Map([['a/0', 3], ['b/0', 100]]);
    expect(progress.reached(wanted)).toBe(false);
    progress.handled('a', 0, '2');
    expect(progress.reached(wanted)).toBe(false);
    progress.handled('a', 0, '3');
    expect(progress.reached(wanted)).toBe(true);
    progress.handled('a', 0, '1');
    expect(progress.reached(wanted)).toBe(true);
  });

  it('wakes a waiter when the offset is handled, and gives up after the timeout', async () => {
    jest.useFakeTimers();
    const progress = new ConsumerProgress(['a']);
    const caughtUp = progress.waitFor(new Map([['a/1', 7]]), 1000);
    progress.handled('a', 1, 7);
    await expect(caughtUp).resolves.toBe(true);
    const late = progress.waitFor(new Map([['a/1', 8]]), 1000);
    jest.advanceTimersByTime(1000);
    await expect(late).resolves.toBe(false);
  });

  it('counts what the group committed for partitions this process did not handle (another member holds them)', async () => {
    jest.useFakeTimers();
    let committed = new Map([['a/2', 4]]);
    const progress = new ConsumerProgress(['a'], async () => committed);
    const waiting = progress.waitFor(new Map([['a/2', 5]]), 5000);
    await jest.advanceTimersByTimeAsync(0);
    committed = new Map([['a/2', 5]]);
    await jest.advanceTimersByTimeAsync(200);
    await expect(waiting).resolves.toBe(true);
    expect(progress.reached(new Map([['a/2', 5]]))).toBe(true);
  });
});
