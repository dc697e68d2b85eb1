import { serviceUnavailable } from '@berth/http';
import { ConsumerProgress, decodePositions, encodePositions, mergePositions, OutboxRelay, Positions } from '@berth/messaging';

/**
 * The internal headers of read-your-writes (docs/consistency.md): an app's answer to a write names
 * the positions its messages were published at (`unknown` when they were not published in time);
 * the gateway sends every request on with the positions of all writes acknowledged before it.
 */
export const POSITIONS_HEADER = 'x-berth-positions';
export const AFTER_HEADER = 'x-berth-after';
export const UNKNOWN_POSITIONS = 'unknown';
/** Where the gateway asks an app that answered `unknown` whether its messages are out by now: `?reportedBy=<ms since the epoch>`. */
export const PUBLISHED_PATH = '/internal/outbox/published';

/**
 * The app's side of read-your-writes: before a request is handled, the app's consumers must have
 * handled every message of its topics up to the positions the request carries (`admit`); a write's
 * answer reports the positions of the messages it published (`report`).
 */
export class CausalFence {
  private progress?: ConsumerProgress;
  private relay?: Pick<OutboxRelay, 'publishedSince'>;
  private readWaitMs = 5000;
  private lastHeader = '';
  private lastPositions: Positions = new Map();

  /** The app's consumers, once they exist; an app without consumers admits every request at once. */
  attach(progress: ConsumerProgress, readWaitMs: number): void {
    this.progress = progress;
    this.readWaitMs = readWaitMs;
  }

  /** The app's outbox relay, whose publications the gateway may ask about (`publishedSince`). */
  publishing(relay: Pick<OutboxRelay, 'publishedSince'>): void {
    this.relay = relay;
  }

  /** The positions of everything the app published, once nothing reported by `reportedBy` waits any more; undefined until then. */
  publishedSince(reportedBy: number): Positions | undefined {
    return this.relay ? this.relay.publishedSince(reportedBy) : new Map();
  }

  /**
   * Undefined when the request may be handled now; else a promise that resolves once it may, or
   * rejects with 503 (`Retry-After`) when the consumers did not catch up within the wait.
   */
  admit(header: string | string[] | undefined): Promise<void> | undefined {
    if (!this.progress || typeof header !== 'string' || header === '') return undefined;
    if (header !== this.lastHeader) {
      this.lastPositions = decodePositions(header);
      this.lastHeader = header;
    }
    const positions = this.lastPositions;
    if (this.progress.reached(positions)) return undefined;
    return this.progress.waitFor(positions, this.readWaitMs).then((caughtUp) => {
      if (!caughtUp) throw serviceUnavailable('This app has not yet seen every change acknowledged before the request; retry later');
    });
  }
}

/** The one fence of the process (its app's consumers attach to it; the HTTP layer asks it). */
export const causalFence = new CausalFence();

/**
 * The positions of a request's publications as the answer reports them: all of them merged, or
 * `unknown` when one is not known within `waitMs` (Kafka away, another replica's relay); undefined
 * when the request published nothing.
 */
export async function reportedPositions(publications: Array<Promise<Positions | undefined>> | undefined, waitMs: number): Promise<string | undefined> {
  if (!publications || publications.length === 0) return undefined;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), waitMs)));
  const all = await Promise.race([Promise.all(publications), late]);
  clearTimeout(timer);
  if (!all || all.some((p) => p === undefined)) return UNKNOWN_POSITIONS;
  const merged: Positions = new Map();
  for (const p of all) mergePositions(merged, p!);
  return encodePositions(merged);
}
