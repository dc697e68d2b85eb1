/** Exponential back-off with full jitter: attempt 1 waits up to `initialMs`, doubling to `maxMs`. */
export function backoffDelay(attempt: number, initialMs = 100, maxMs = 5000, random = Math.random): number {
  const ceiling = Math.min(maxMs, initialMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
