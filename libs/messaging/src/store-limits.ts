import type { Collection, IndexDescription } from 'mongodb';

/** MongoDB's (and FerretDB's) code for a write refused by a unique key. */
export const DUPLICATE_KEY = 11000;

/**
 * FerretDB 1.24 keeps one SQLite connection open per statement of an `update` command until the
 * whole command ends, from a pool of 100 per database: a command with about 100 statements waits
 * for a connection forever and wedges that database. Bulk updates go at most this many at a time.
 */
export const UPDATES_PER_COMMAND = 50;

/**
 * Whether a driver error is a write refused by a unique key (on `_id` or any unique index).
 * FerretDB 1.24 reports an update that breaks a unique index not with code 11000 but as an
 * internal error carrying SQLite's "UNIQUE constraint failed"; that counts too.
 */
export function isDuplicateKey(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  return e?.code === DUPLICATE_KEY || (typeof e?.message === 'string' && e.message.includes('UNIQUE constraint failed'));
}

/**
 * Creates the named indexes a collection lacks. FerretDB 1.24 drops the connection when asked
 * to create an index that exists with other options (it stores no `sparse` flag, so every
 * restart would ask again), so indexes are compared by name and existing ones left alone.
 */
export async function ensureIndexes(collection: Collection<any>, specs: IndexDescription[]): Promise<void> {
  const existing = new Set(await collection.indexes().then((all) => all.map((i) => i.name), () => [] as string[]));
  const missing = specs.filter((s) => !existing.has(s.name));
  if (missing.length > 0) await collection.createIndexes(missing);
}
