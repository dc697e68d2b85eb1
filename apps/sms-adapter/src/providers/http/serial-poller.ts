/**
 * Runs `poll` every `intervalMs`, never twice at once: the next run is timed from the end of the
 * previous one. A failed run is reported to `onError` and the poller carries on. `stop()` clears
 * the timer and waits for a run in flight, so nothing reaches the sink after it resolves.
 */
export class SerialPoller {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;

  constructor(private readonly intervalMs: number, private readonly poll: () => Promise<void>, private readonly onError: (err: unknown) => void) {}

  start(): void {
    if (this.intervalMs <= 0 || this.stopped) return;
    this.schedule(0);
  }

  get active(): boolean {
    return !this.stopped && (this.timer !== undefined || this.running !== undefined);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private schedule(delay: number): void {
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.running = this.poll().catch(this.onError).finally(() => {
        this.running = undefined;
        if (!this.stopped) this.schedule(this.intervalMs);
      });
    }, delay);
    this.timer.unref();
  }
}
