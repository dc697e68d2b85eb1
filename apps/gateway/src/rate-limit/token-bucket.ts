/** A tenant's limits: requests per second, and how many requests over the rate may wait. */
export interface RateLimits { perSecond: number; queue: number }

/** What `admit` decided: go on now, wait for `ticket`, or refuse and say how many seconds to wait. */
export type Admission = { go: true } | { go: false; ticket: Ticket } | { go: false; retryAfter: number };

/** A queued request's place: `ready` resolves once it holds a token; `cancel` gives up the place. */
export interface Ticket { ready: Promise<void>; cancel(): void }

interface Waiter { resolve: () => void; state: 'waiting' | 'served' | 'cancelled' }

/**
 * One tenant's token bucket with a FIFO queue, in process memory. The bucket holds at most one
 * second of tokens (at least one) and refills continuously at `perSecond`. A request takes a
 * token at once when one is free and nobody waits; otherwise it joins the queue if the queue has
 * room, and is refused otherwise. Queued requests get tokens strictly in arrival order; one timer
 * per bucket runs only while the queue is not empty. `admit` never does I/O and allocates nothing
 * on the fast path.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;
  private readonly waiters: Waiter[] = [];
  private head = 0;
  private cancelled = 0;
  private timer?: NodeJS.Timeout;

  constructor(private limits: RateLimits, private readonly clock: () => number = Date.now) {
    this.last = clock();
    this.tokens = capacity(limits);
  }

  get current(): RateLimits { return this.limits; }

  /** Requests waiting now. */
  get queued(): number { return this.waiters.length - this.head - this.cancelled; }

  /** True when a new bucket would behave the same: full and nobody waiting. */
  get idle(): boolean {
    this.refill();
    return this.queued === 0 && this.tokens >= capacity(this.limits);
  }

  /** New limits take effect at once; tokens above the new capacity are dropped. */
  reconfigure(limits: RateLimits): void {
    this.refill();
    this.limits = limits;
    this.tokens = Math.min(this.tokens, capacity(limits));
    if (this.queued > 0) this.schedule();
  }

  admit(): Admission {
    this.refill();
    if (this.tokens >= 1 && this.waiters.length > this.head) this.drain();
    if (this.queued === 0 && this.tokens >= 1) {
      this.tokens -= 1;
      return GO;
    }
    if (this.queued >= this.limits.queue) {
      return { go: false, retryAfter: Math.max(1, Math.ceil((this.queued + 1 - this.tokens) / this.limits.perSecond)) };
    }
    const waiter: Waiter = { resolve: noop, state: 'waiting' };
    const ready = new Promise<void>((resolve) => (waiter.resolve = resolve));
    this.waiters.push(waiter);
    this.schedule();
    return { go: false, ticket: { ready, cancel: () => this.cancel(waiter) } };
  }

  private cancel(waiter: Waiter): void {
    if (waiter.state !== 'waiting') return;
    waiter.state = 'cancelled';
    this.cancelled++;
  }

  private refill(): void {
    const now = this.clock();
    if (now > this.last) {
      this.tokens = Math.min(capacity(this.limits), this.tokens + ((now - this.last) / 1000) * this.limits.perSecond);
      this.last = now;
    }
  }

  private drain(): void {
    this.refill();
    while (this.head < this.waiters.length) {
      const waiter = this.waiters[this.head];
      if (waiter.state === 'cancelled') {
        this.cancelled--;
      } else {
        if (this.tokens < 1) break;
        this.tokens -= 1;
        waiter.state = 'served';
        waiter.resolve();
      }
      this.head++;
    }
    if (this.head > 64 && this.head * 2 > this.waiters.length) {
      this.waiters.splice(0, this.head);
      this.head = 0;
    }
    if (this.waiters.length > this.head) this.schedule();
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    const wait = Math.max(1, Math.ceil(((1 - this.tokens) / this.limits.perSecond) * 1000));
    this.timer = setTimeout(() => { this.timer = undefined; this.drain(); }, wait);
    this.timer.unref();
  }
}

const GO = { go: true } as const;
const noop = () => undefined;
const capacity = (limits: RateLimits) => Math.max(1, limits.perSecond);
