import type { LogLine, LogWindow } from '../application/ports/runtime-driver';

/**
 * An instance that ended and whose container is gone, with its last output (docs/hosting.md#logs):
 * `name` is the instance's name with its runtime id's start, unique even when the slot's next
 * instance has the same name. `cut`: older output did not fit the bound and was dropped.
 */
export interface EndedInstance {
  _id: string;
  name: string;
  applicationId: string;
  deploymentId: string;
  tenant?: string;
  version?: string;
  startedAt?: string;
  endedAt: string;
  /** Why it ended: how it exited, or why the orchestrator removed it. */
  reason: string;
  exitCode?: number;
  lines: LogLine[];
  cut: boolean;
}

/** The name an ended instance is listed and read under: `<instance name>.<the start of its runtime id>`. */
export const endedName = (name: string, id: string): string => `${name}.${id.replace(/[^a-zA-Z0-9]/g, '').slice(0, 12)}`;

/** The newest lines of `lines` (oldest first) whose texts add up to at most `maxBytes` (UTF-8); whether older ones were dropped. */
export function keptTail(lines: LogLine[], maxBytes: number): { lines: LogLine[]; cut: boolean } {
  let bytes = 0;
  let from = lines.length;
  while (from > 0) {
    const size = Buffer.byteLength(lines[from - 1].text, 'utf8') + 1;
    if (bytes + size > maxBytes) break;
    bytes += size;
    from -= 1;
  }
  return { lines: lines.slice(from), cut: from > 0 };
}

/**
 * The lines of `lines` within `window` (inclusive; a line without a time is always in it), the
 * newest `window.limit` of them, oldest first.
 */
export function windowed(lines: LogLine[], window: LogWindow): LogLine[] {
  const inside = lines.filter((l) => {
    if (!l.at) return true;
    const at = Date.parse(l.at);
    return !(window.since && at < window.since.getTime()) && !(window.until && at > window.until.getTime());
  }).sort((a, b) => a.at.localeCompare(b.at));
  return inside.slice(Math.max(0, inside.length - window.limit));
}
