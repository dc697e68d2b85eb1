import type { Step } from '../pipeline/exchange';
import type { RateLimiter } from './rate-limiter';

/**
 * The tenant's rate limit (docs/api/options.md) on an authenticated request: it goes on at once,
 * waits in the tenant's queue (a client that goes away gives up its place), or is refused with 429
 * when the queue is full. Requests without a principal (public paths, anonymous visitors) are not limited.
 */
export function rateLimit(limiter: RateLimiter): Step {
  return (ex) => {
    const tenant = ex.auth?.principal.tenant;
    if (tenant === undefined) return undefined;
    return limiter.admit(tenant, (cancel) => ex.res.once('close', cancel));
  };
}
