import type { LogLine, LogWindow } from '../../application/ports/runtime-driver';
import { windowed } from '../../domain/ended-instance';

/** The frames of a multiplexed log stream (8-byte headers: stream, 0, 0, 0, size), or the buffer as stdout when it is not one. */
export function demux(buf: Buffer): Array<{ stream: 'stdout' | 'stderr'; text: string }> {
  const parts: Array<{ stream: 'stdout' | 'stderr'; text: string }> = [];
  let at = 0;
  while (at + 8 <= buf.length && buf[at] <= 2 && buf[at + 1] === 0) {
    const size = buf.readUInt32BE(at + 4);
    parts.push({ stream: buf[at] === 2 ? 'stderr' : 'stdout', text: buf.subarray(at + 8, at + 8 + size).toString('utf8') });
    at += 8 + size;
  }
  return at === 0 && buf.length ? [{ stream: 'stdout', text: buf.toString('utf8') }] : parts;
}

/**
 * Log lines of a stream read with `timestamps: true` (each line starts with an RFC 3339 time),
 * kept when within `window`, the newest `window.limit` of them, oldest first.
 */
export function logLines(buf: Buffer, window: LogWindow): LogLine[] {
  const lines: LogLine[] = [];
  for (const frame of demux(buf)) {
    for (const raw of frame.text.split('\n')) {
      if (!raw) continue;
      const space = raw.indexOf(' ');
      const stamp = space > 0 ? Date.parse(raw.slice(0, space)) : NaN;
      lines.push(Number.isNaN(stamp) ? { at: '', stream: frame.stream, text: raw } : { at: new Date(stamp).toISOString(), stream: frame.stream, text: raw.slice(space + 1) });
    }
  }
  return windowed(lines, window);
}
