import type { Step } from '../pipeline/exchange';
import type { UsageCounter } from './usage-counter';

/** Counts every request by its application key (docs/api/tenants-users-auth.md), refused ones included. */
export function countUsage(counter: UsageCounter): Step {
  return (ex) => {
    counter.countRequest(ex.path, ex.req.headers);
  };
}
