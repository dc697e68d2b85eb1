import { inspect } from 'node:util';

/** How long `eventually` polls, how often, and what it waits for (named in the error when it gives up). */
export interface EventuallyOptions {
  timeoutMs?: number;
  intervalMs?: number;
  what?: string;
}

/** A check for `eventually` that holds once the polled value exists (neither undefined nor null). */
export const defined = <T>(value: T): value is NonNullable<T> => value !== undefined && value !== null;

/**
 * Polls `fn` until `check` holds for its value and answers that value. When `check` never holds within
 * `timeoutMs` it throws, naming `what` and the last value seen, so a wait cannot pass silently.
 * A number for `options` is the timeout.
 */
export async function eventually<T, S extends T>(fn: () => T | Promise<T>, check: (value: T) => value is S, options?: EventuallyOptions | number): Promise<S>;
export async function eventually<T>(fn: () => T | Promise<T>, check: (value: T) => unknown, options?: EventuallyOptions | number): Promise<T>;
export async function eventually<T>(fn: () => T | Promise<T>, check: (value: T) => unknown, options: EventuallyOptions | number = {}): Promise<T> {
  const { timeoutMs = 5000, intervalMs = 100, what = 'the condition' } = typeof options === 'number' ? { timeoutMs: options } : options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (check(value)) return value;
    if (Date.now() >= deadline) {
      throw new Error(`${what} did not hold within ${timeoutMs} ms; last value: ${inspect(value, { depth: 4, breakLength: Infinity, maxStringLength: 2000 })}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
