import type { Collection, Db, Document, UpdateFilter } from 'mongodb';
import { isDuplicateKey } from './store-limits';

const ferretDbOf = new WeakMap<Db, Promise<boolean>>();
const queues = new Map<string, Promise<unknown>>();

/** Whether the store behind `db` is FerretDB (its `buildInfo` names a `ferretdbVersion`); asked once per database handle. */
export function isFerretDb(db: Db): Promise<boolean> {
  let known = ferretDbOf.get(db);
  if (!known) {
    known = db.admin().command({ buildInfo: 1 }).then((info) => typeof info.ferretdbVersion === 'string');
    known.catch(() => ferretDbOf.delete(db)); // asked again next time
    ferretDbOf.set(db, known);
  }
  return known;
}

/** Runs `work` after every earlier call for the same key has settled (one at a time per key, in call order). */
async function serialized<T>(key: string, work: () => Promise<T>): Promise<T> {
  const before = queues.get(key) ?? Promise.resolve();
  const run = before.then(work, work);
  const tail = run.catch(() => undefined);
  queues.set(key, tail);
  try {
    return await run;
  } finally {
    if (queues.get(key) === tail) queues.delete(key);
  }
}

/**
 * Applies `update` to document `id` (inserting it when missing) unless the document holds a newer
 * `counter` than `version`: the write of a projection fed by versioned events, where a change
 * delivered again or late never undoes a newer one. Applying the same version twice applies it twice
 * (`update` must set the counter and be idempotent). Resolves true when applied, false when stale.
 *
 * On MongoDB it is one atomic `updateOne` with the version guard in its filter. FerretDB 1.24 reads
 * a whole collection for any filter but a bare `{_id}` (a projection of every application ever made
 * cost 130 ms per event in the soak), so there the guard is checked on a read by `_id` and the write
 * goes by `_id`, with the calls for one document serialized in this process. That is atomic within
 * one process, which is what FerretDB supports anyway: it applies an update by reading and writing back with no check
 * between, so two processes updating one document are only safe on MongoDB (docs/operations/index.md).
 */
export async function upsertUnlessNewer<T extends Document & { _id: string }>(
  collection: Collection<T>, id: string, counter: string, version: number, update: UpdateFilter<T>,
): Promise<boolean> {
  if (await isFerretDb(collection.db)) {
    return serialized(`${collection.dbName}.${collection.collectionName}\0${id}`, async () => {
      const current = await collection.findOne({ _id: id } as never, { projection: { [counter]: 1 } });
      const stored = (current as Record<string, unknown> | null)?.[counter];
      if (typeof stored === 'number' && stored > version) return false;
      await collection.updateOne({ _id: id } as never, update, { upsert: true });
      return true;
    });
  }
  try {
    await collection.updateOne({ _id: id, $or: [{ [counter]: { $lte: version } }, { [counter]: { $exists: false } }] } as never, update, { upsert: true });
    return true;
  } catch (err) {
    if (isDuplicateKey(err)) return false;
    throw err;
  }
}
