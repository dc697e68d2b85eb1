import type { Logger } from 'pino';

/** The driver's command monitoring events this watch reads (mongodb's CommandStarted/Succeeded/FailedEvent). */
interface CommandEvents {
  on(event: 'commandStarted', listener: (e: { requestId: number; commandName: string; command: Record<string, unknown> }) => void): unknown;
  on(event: 'commandSucceeded' | 'commandFailed', listener: (e: { requestId: number; duration: number }) => void): unknown;
}

interface Started { command: string; collection: unknown; shape: string }

/**
 * Logs (warn, `slow store command`) every store command of `client` that takes `thresholdMs` or
 * longer: its name, collection, duration, and the shape of its filter — field names and query
 * operators, never values, so no stored datum reaches the log. The client must have been made with
 * `monitorCommands: true`.
 */
export function watchSlowCommands(client: CommandEvents, logger: Logger, thresholdMs: number): void {
  const started = new Map<number, Started>();
  client.on('commandStarted', (e) => {
    started.set(e.requestId, { command: e.commandName, collection: e.command[e.commandName], shape: filterShape(e.commandName, e.command) });
  });
  const finished = (e: { requestId: number; duration: number }) => {
    const s = started.get(e.requestId);
    started.delete(e.requestId);
    if (s && e.duration >= thresholdMs) logger.warn({ store: { ...s, ms: Math.round(e.duration) } }, 'slow store command');
  };
  client.on('commandSucceeded', finished);
  client.on('commandFailed', finished);
}

/** The filter of a command, as the shape `filterShape` prints. */
function filterOf(name: string, command: Record<string, unknown>): unknown {
  const first = (list: unknown) => (Array.isArray(list) ? list[0] : undefined) as Record<string, unknown> | undefined;
  switch (name) {
    case 'find': case 'findAndModify': return command.filter ?? command.query;
    case 'count': return command.query;
    case 'update': return first(command.updates)?.q;
    case 'delete': return first(command.deletes)?.q;
    case 'aggregate': return (command.pipeline as Array<Record<string, unknown>> | undefined)?.map((stage) => Object.keys(stage)[0]);
    case 'insert': return `${(command.documents as unknown[] | undefined)?.length ?? 0} documents`;
    default: return undefined;
  }
}

const LOGICAL = new Set(['$or', '$and', '$nor']);
const isPlain = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date);

/** A filter's field names and operators, values as `?`. */
function shapeFilter(filter: Record<string, unknown>, depth: number): unknown {
  if (depth > 3) return '?';
  return Object.fromEntries(Object.entries(filter).slice(0, 8).map(([k, v]) =>
    [k, LOGICAL.has(k) && Array.isArray(v) ? v.slice(0, 4).map((f) => (isPlain(f) ? shapeFilter(f, depth + 1) : '?')) : shapeCondition(v, depth)]));
}

/** A field's condition: `{$op: ?}` for an operator expression (sub-filters of `$elemMatch`/`$not` kept), else `?`. */
function shapeCondition(value: unknown, depth: number): unknown {
  if (!isPlain(value) || !Object.keys(value)[0]?.startsWith('$')) return '?';
  return Object.fromEntries(Object.entries(value).map(([op, v]) =>
    [op, (op === '$elemMatch' || op === '$not') && isPlain(v) ? shapeFilter(v, depth + 1) : '?']));
}

/** `{"_id":"?","a.b":{"$exists":"?"}}` for `{_id: 'x', 'a.b': {$exists: true}}`: keys and operators, never values. */
export function filterShape(name: string, command: Record<string, unknown>): string {
  const filter = filterOf(name, command);
  if (typeof filter === 'string') return filter;
  if (Array.isArray(filter)) return JSON.stringify(filter);
  return isPlain(filter) ? JSON.stringify(shapeFilter(filter, 0)).slice(0, 300) : '-';
}
