/**
 * Following an instance's logs through `GET /application/applications/{id}/logs/{instance}`
 * (docs/api/hosting.md). The resource answers the newest `limit` lines of an inclusive time window
 * (`dateFrom`, `dateTo`, millisecond precision) as one text, and the time of its last line
 * (`lastDateInLog`), but not the time of each line. Asking again from the last line's time
 * answers the lines of that millisecond a second time, and how many of them were already shown is
 * unknown; matching texts would drop a repeated line. So each read splits the answer at the time
 * of its newest line T: the lines before T are read once more with `dateTo` just before T and
 * become final (`settled`); the lines at T and after are `tail`, replaced by the next read, which
 * starts at T (`cursor`). Every line is shown once, whatever its text.
 */

/** The part of the logs resource a read uses. */
export interface LogAnswer { logs: string; truncated: boolean; lastDateInLog?: string }

/** The query parameters of one read (`dateFrom`, `dateTo`: ISO timestamps, both inclusive). */
export interface LogQuery { dateFrom?: string; dateTo?: string; limit: number }

export type ReadLogs = (query: LogQuery) => Promise<LogAnswer>;

export interface FollowedLog {
  /** Lines older than `cursor`: final. */
  readonly settled: readonly string[];
  /** Lines at `cursor` or newer, as the last read found them. */
  readonly tail: readonly string[];
  /** The time the next read starts at; absent until a line was found. */
  readonly cursor?: string;
}

/** The most lines one read asks for (the resource's default). */
export const READ_LIMIT = 1000;
/** The most lines kept on the page; older ones give way. */
export const MAX_SHOWN = 5000;
/** Shown where lines are missing: older than the first read, or more arrived between two reads than one read holds. */
export const OLDER_LEFT_OUT = '[older lines are not shown]';
export const LINES_LEFT_OUT = '[more lines arrived than one read holds: some are not shown]';

export const EMPTY_LOG: FollowedLog = { settled: [], tail: [] };

/** The lines to show, oldest first. */
export function shownLines(log: FollowedLog): string[] {
  return [...log.settled, ...log.tail];
}

/** The lines of an answer's text (an empty text holds none). */
export function linesOf(text: string): string[] {
  return text === '' ? [] : text.split('\n');
}

/** The millisecond before an ISO timestamp, as an ISO timestamp. */
export function justBefore(iso: string): string {
  return new Date(Date.parse(iso) - 1).toISOString();
}

/** Reads what is new since `log`'s cursor (everything, the first time) and answers the log with it. */
export async function readNewLines(log: FollowedLog, read: ReadLogs, limit = READ_LIMIT): Promise<FollowedLog> {
  const from = log.cursor;
  const latest = await read(window(from, undefined, limit));
  const newest = latest.lastDateInLog;
  if (!newest || newest === from) return { ...log, tail: linesOf(latest.logs) };
  const before = await read(window(from, justBefore(newest), limit));
  const final = linesOf(before.logs);
  const gap = before.truncated ? [from === undefined ? OLDER_LEFT_OUT : LINES_LEFT_OUT] : [];
  // Without truncation `latest` holds every line from the cursor on, the final ones first; else
  // which of its lines are at `newest` is unknown, so those are read by themselves.
  const tail = latest.truncated ? linesOf((await read(window(newest, newest, limit))).logs) : linesOf(latest.logs).slice(final.length);
  return { settled: capped([...log.settled, ...gap, ...final], MAX_SHOWN - tail.length), tail, cursor: newest };
}

function window(dateFrom: string | undefined, dateTo: string | undefined, limit: number): LogQuery {
  return { ...(dateFrom ? { dateFrom } : {}), ...(dateTo ? { dateTo } : {}), limit };
}

function capped(lines: string[], most: number): string[] {
  return lines.length <= most ? lines : [OLDER_LEFT_OUT, ...lines.slice(lines.length - most + 1)];
}

/** The logs resource's query string for a read. */
export function logQueryString(query: LogQuery): string {
  const params = new URLSearchParams();
  if (query.dateFrom) params.set('dateFrom', query.dateFrom);
  if (query.dateTo) params.set('dateTo', query.dateTo);
  params.set('limit', String(query.limit));
  return params.toString();
}
