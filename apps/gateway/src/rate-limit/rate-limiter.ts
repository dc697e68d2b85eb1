import { DomainError } from '@berth/http';
import type { TenantOptionView } from '../options/tenant-option-view';
import { Admission, RateLimits, TokenBucket } from './token-bucket';

/**
 * Per-tenant rate limiting for one gateway process: a token bucket per tenant (see TokenBucket)
 * sized by that tenant's limits. Buckets that are full and have nobody waiting are forgotten by
 * `sweep`, since a new bucket would behave the same.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, TokenBucket>();

  constructor(readonly limits: TenantOptionView<RateLimits>, private readonly clock: () => number = Date.now) {}

  /**
   * Resolves (or returns undefined at once, the common case) when the request may go on; throws
   * 429 `general/Too Many Requests` with `Retry-After` (whole seconds, at least 1) when the
   * tenant's queue is full. `aborted` gives up the request's place in the queue when the client goes away.
   */
  admit(tenant: string, aborted?: (cancel: () => void) => void): Promise<void> | undefined {
    const limits = this.limits.get(tenant);
    if (limits instanceof Promise) return limits.then((l) => this.settle(this.admitWith(tenant, l), aborted));
    return this.settle(this.admitWith(tenant, limits), aborted);
  }

  /** Forgets buckets that are full and idle; returns how many remain. */
  sweep(): number {
    for (const [tenant, bucket] of this.buckets) if (bucket.idle) this.buckets.delete(tenant);
    return this.buckets.size;
  }

  private admitWith(tenant: string, limits: RateLimits): Admission {
    let bucket = this.buckets.get(tenant);
    if (!bucket) this.buckets.set(tenant, (bucket = new TokenBucket(limits, this.clock)));
    else if (bucket.current !== limits) bucket.reconfigure(limits);
    return bucket.admit();
  }

  private settle(admission: Admission, aborted?: (cancel: () => void) => void): Promise<void> | undefined {
    if (admission.go) return undefined;
    if ('ticket' in admission) {
      aborted?.(admission.ticket.cancel);
      return admission.ticket.ready;
    }
    throw tooManyRequests(admission.retryAfter);
  }
}

export function tooManyRequests(retryAfter: number): DomainError {
  return new DomainError('general', 'Too Many Requests', `Too many requests for this tenant; retry after ${retryAfter} s`, { 'retry-after': String(retryAfter) });
}
