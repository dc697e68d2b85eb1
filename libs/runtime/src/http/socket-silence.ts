import type { Socket } from 'node:net';

/**
 * How often silences of `timeoutMs` are swept for: every second, or four times per timeout when
 * that is shorter. A silence is found at most one sweep past its timeout, never before.
 */
export function silenceSweepMs(timeoutMs: number): number {
  return Math.max(1, Math.min(1000, Math.floor(timeoutMs / 4)));
}

/**
 * One socket's silence as periodic sweeps see it: the bytes it moved either way, and since which
 * sweep they have not changed. A sweep instead of a socket timeout, which Node updates on every
 * read and write (several times per request), costs nothing per request.
 */
export class SocketSilence {
  private moved = -1;
  private since = 0;

  /** Counts afresh: the silence counts from the next look on. */
  reset(): void {
    this.moved = -1;
  }

  /** How long (ms, at `now`) `socket` has moved no byte either way, counted from the look that last saw it move. */
  lookAt(socket: Socket, now: number): number {
    const moved = socket.bytesRead + socket.bytesWritten;
    if (moved !== this.moved) {
      this.moved = moved;
      this.since = now;
    }
    return now - this.since;
  }
}
