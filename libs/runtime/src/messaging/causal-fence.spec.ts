import { ConsumerProgress } from '@berth/messaging';
import { CausalFence, reportedPositions, UNKNOWN_POSITIONS } from './causal-fence';

describe('CausalFence', () => {
  afterEach(() => jest.useRealTimers());

  it('admits at once without consumers, without positions, and when the consumers are there already', () => {
    const fence = new CausalFence();
    expect(fence.admit('a/0=5')).toBeUndefined();
    const progress = new ConsumerProgress(['a']);
    fence.attach(progress, 1000);
    expect(fence.admit(undefined)).toBeUndefined();
    expect(fence.admit('')).toBeUndefined();
    progress.handled('a', 0, 5);
    expect(fence.admit('a/0=5,other/0=99')).toBeUndefined();
  });

  it('holds a request until the consumers catch up, and refuses it with 503 when they do not in time', async () => {
    jest.useFakeTimers();
    const fence = new CausalFence();
    const progress = new ConsumerProgress(['a']);
    fence.attach(progress, 1000);
    const held = fence.admit('a/0=6');
    expect(held).toBeInstanceOf(Promise);
    progress.handled('a', 0, 6);
    await expect(held).resolves.toBeUndefined();
    const refused = fence.admit('a/0=7')!;
    jest.advanceTimersByTime(1000);
    await expect(refused).rejects.toMatchObject({ status: 503, headers: { 'retry-after': expect.any(String) } });
  });
});

describe('reportedPositions', () => {
  afterEach(() => jest.useRealTimers());

  it('merges the publications of a request, says nothing for none, and unknown for one not known in time', async () => {
    expect(await reportedPositions([], 100)).toBeUndefined();
    expect(await reportedPositions([Promise.resolve(new Map([['a/0', 1]])), Promise.resolve(new Map([['a/0', 3], ['b/1', 0]]))], 100)).toBe('a/0=3,b/1=0');
    expect(await reportedPositions([Promise.resolve(undefined)], 100)).toBe(UNKNOWN_POSITIONS);
    jest.useFakeTimers();
    const late = reportedPositions([new Promise(() => undefined)], 100);
    jest.advanceTimersByTime(100);
    expect(await late).toBe(UNKNOWN_POSITIONS);
  });
});
