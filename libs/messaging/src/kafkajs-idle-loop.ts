/**
 * kafkajs 2.2.4 keeps every broker connection busy while idle: after each check of its queue of
 * requests waiting to be sent, `RequestQueue.scheduleCheckPendingRequests` sets a timer even when
 * nothing waits and no throttling is in force, with a negative delay (Node runs it after 1 ms, and
 * Node 24 warns `TimeoutNegativeWarning`). So each connection wakes its process about 1,000 times a
 * second for nothing: measured here, about 5% of a core per idle app. Reported upstream (kafkajs
 * issues 1556, 1704, 1751); kafkajs has had no release since.
 *
 * `stopKafkajsIdleLoop` replaces that one method in this process: a check is scheduled when
 * requests wait (at the end of a throttle, else after kafkajs' own 10 ms) or when a throttle is in
 * force; with nothing waiting and no throttle it schedules none. A request that cannot go out at
 * once is queued through `push`, which schedules the check itself, and every answer checks the
 * queue again, so nothing waits on the loop that is removed.
 */

const QUEUE_MODULE = 'kafkajs/src/network/requestQueue';
/** kafkajs' own interval for re-checking waiting requests when no throttle says when. */
const CHECK_INTERVAL_MS = 10;
/** What the method replaced must still contain; another kafkajs version is left as it is. */
const EXPECTED_SOURCE = 'this.throttledUntil - Date.now()';

interface RequestQueueLike {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
}

let applied: boolean | undefined;

/** Applies the fix once per process; false when this kafkajs is not the version it was written for (then nothing changes). */
export function stopKafkajsIdleLoop(): boolean {
  if (applied !== undefined) return applied;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const RequestQueue = require(QUEUE_MODULE) as { prototype: RequestQueueLike };
  const original = RequestQueue.prototype.scheduleCheckPendingRequests;
  applied = typeof original === 'function' && original.toString().includes(EXPECTED_SOURCE);
  if (applied) RequestQueue.prototype.scheduleCheckPendingRequests = scheduleCheckPendingRequests;
  return applied;
}

function scheduleCheckPendingRequests(this: RequestQueueLike): void {
  if (this.throttleCheckTimeoutId) return;
  const throttledFor = this.throttledUntil - Date.now();
  if (this.pending.length === 0 && throttledFor <= 0) return;
  const delay = throttledFor > 0 ? throttledFor : CHECK_INTERVAL_MS;
  this.throttleCheckTimeoutId = setTimeout(() => {
    this.throttleCheckTimeoutId = null;
    this.checkPendingRequests();
  }, delay);
}
