import { Admission, TokenBucket } from './token-bucket';

const ticketOf = (a: Admission) => {
  if (a.go || !('ticket' in a)) throw new Error(`expected a queue place, got ${JSON.stringify(a)}`);
  return a.ticket;
};

describe('TokenBucket', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  it('lets one second of requests through at once, then queues up to the queue length, then refuses with Retry-After', () => {
    const bucket = new TokenBucket({ perSecond: 2, queue: 3 });
    expect(bucket.admit()).toEqual({ go: true });
    expect(bucket.admit()).toEqual({ go: true });
    for (let i = 0; i < 3; i++) ticketOf(bucket.admit());
    expect(bucket.queued).toBe(3);
    expect(bucket.admit()).toEqual({ go: false, retryAfter: 2 });
  });

  it('serves the queue in arrival order, one token at a time at the rate', async () => {
    const bucket = new TokenBucket({ perSecond: 2, queue: 10 });
    bucket.admit();
    bucket.admit();
    const served: number[] = [];
    for (let i = 0; i < 3; i++) void ticketOf(bucket.admit()).ready.then(() => served.push(i));
    await jest.advanceTimersByTimeAsync(499);
    expect(served).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(served).toEqual([0]);
    await jest.advanceTimersByTimeAsync(500);
    expect(served).toEqual([0, 1]);
    await jest.advanceTimersByTimeAsync(500);
    expect(served).toEqual([0, 1, 2]);
    expect(bucket.queued).toBe(0);
  });

  it('does not let a newcomer overtake the queue when a token frees', async () => {
    const bucket = new TokenBucket({ perSecond: 1, queue: 5 });
    bucket.admit();
    const first = ticketOf(bucket.admit());
    jest.setSystemTime(Date.now() + 1000);
    expect('ticket' in bucket.admit()).toBe(true);
    let done = false;
    void first.ready.then(() => (done = true));
    await jest.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
  });

  it('gives a cancelled place to the next in line and frees its room in the queue', async () => {
    const bucket = new TokenBucket({ perSecond: 1, queue: 2 });
    bucket.admit();
    const gone = ticketOf(bucket.admit());
    const next = ticketOf(bucket.admit());
    expect(bucket.admit()).toMatchObject({ retryAfter: expect.any(Number) });
    gone.cancel();
    expect(bucket.queued).toBe(1);
    let served = false;
    void next.ready.then(() => (served = true));
    await jest.advanceTimersByTimeAsync(1000);
    expect(served).toBe(true);
  });

  it('refuses at once when the queue length is 0, and Retry-After grows with the queue', () => {
    expect(new TokenBucket({ perSecond: 5, queue: 0 }).admit()).toEqual({ go: true });
    const none = new TokenBucket({ perSecond: 1, queue: 0 });
    none.admit();
    expect(none.admit()).toEqual({ go: false, retryAfter: 1 });
    const slow = new TokenBucket({ perSecond: 0.5, queue: 1 });
    slow.admit();
    ticketOf(slow.admit());
    expect(slow.admit()).toEqual({ go: false, retryAfter: 4 });
  });

  it('refills continuously up to one second of tokens, and applies new limits at once', () => {
    const bucket = new TokenBucket({ perSecond: 10, queue: 0 });
    for (let i = 0; i < 10; i++) expect(bucket.admit().go).toBe(true);
    expect(bucket.admit().go).toBe(false);
    jest.setSystemTime(Date.now() + 350);
    for (let i = 0; i < 3; i++) expect(bucket.admit().go).toBe(true);
    expect(bucket.admit().go).toBe(false);
    jest.setSystemTime(Date.now() + 60_000);
    expect(bucket.idle).toBe(true);
    bucket.reconfigure({ perSecond: 2, queue: 0 });
    expect(bucket.admit().go).toBe(true);
    expect(bucket.admit().go).toBe(true);
    expect(bucket.admit().go).toBe(false);
  });
});
