import type { Collection, Db } from 'mongodb';
import { randomUUID } from 'node:crypto';
import type { KafkaRecord } from './kafka-record';
import { OUTBOX_FIELD } from './outbox';
import { UPDATES_PER_COMMAND } from './store-limits';

/** Entries of one document, published together. */
export interface DocEntries { id: unknown; records: KafkaRecord[] }

export type OutboxDoc = { _id: unknown; [OUTBOX_FIELD]: KafkaRecord[] };
/** A marker names each document's published entries by id; a marker that holds them whole is read too. */
type MarkedDoc = { id: unknown; ids: string[] } | DocEntries;
interface PublishedMarker { _id: string; collection: string; docs: MarkedDoc[]; at: Date }
/** A document's published entries: whole when this relay published them, by id when read from a marker. */
interface Published { id: unknown; ids: string[]; records?: KafkaRecord[] }
interface Batch { markerId: string; docs: Published[]; removed: number }

/** The collection where a relay records what it published and has not yet removed. */
export const PUBLISHED_COLLECTION = '_outbox_published';

/**
 * Entries of one outbox collection that were published and are still in their documents.
 * Removing an entry is an update of its document, which on FerretDB costs six times an insert,
 * so the relay records each published batch with one insert (a marker) and removes the entries
 * later, a few documents at a time, when it has nothing to publish. The markers let the next
 * relay, after a crash or a handover, skip what was published instead of sending it again. A
 * marker holds the entries' ids, not their values (a quarter less store CPU per message than
 * whole entries), so a relay that took over reads a document's entries back before removing them.
 */
export class PublishedEntries {
  private batches: Batch[] = [];
  private readonly ids = new Set<string>();
  private unstored: PublishedMarker[] = [];
  private recording: Promise<void> = Promise.resolve();
  private readonly markers: Collection<PublishedMarker>;
  private readonly target: Collection<OutboxDoc>;

  /** `disposable`: the collection's documents carry only their messages and are deleted once those are published. */
  constructor(db: Db, private readonly collection: string, private readonly onError: (err: unknown) => void, private readonly disposable = false) {
    this.markers = db.collection<PublishedMarker>(PUBLISHED_COLLECTION);
    this.target = db.collection<OutboxDoc>(collection);
  }

  /** Entries published and not yet removed. */
  get size(): number {
    return this.ids.size;
  }

  has(record: KafkaRecord): boolean {
    return this.ids.has(record.id);
  }

  /** Forgets what memory holds and reads the markers again (a relay taking over). */
  async load(): Promise<void> {
    await this.recording;
    this.batches = [];
    this.ids.clear();
    const markers = await this.markers.find({ collection: this.collection }).sort({ at: 1 }).toArray();
    for (const m of markers) this.remember(m._id, m.docs.map((d) => ('records' in d ? published(d) : d)));
  }

  /**
   * Remembers a published batch, and stores its marker in the background; markers recorded
   * while one insert runs go together in the next.
   */
  record(docs: DocEntries[]): void {
    const entries = docs.map(published);
    const marker: PublishedMarker = { _id: randomUUID(), collection: this.collection, docs: entries.map(({ id, ids }) => ({ id, ids })), at: new Date() };
    this.remember(marker._id, entries);
    this.unstored.push(marker);
    if (this.unstored.length === 1) this.recording = this.recording.then(() => this.storeMarkers());
  }

  /** Removes the entries of up to `maxDocs` documents, oldest first; returns how many documents. */
  async removeSome(maxDocs: number): Promise<number> {
    await this.recording;
    const docs = this.oldest(Math.min(maxDocs, UPDATES_PER_COMMAND));
    if (docs.length === 0) return 0;
    const ops = [];
    for (const d of docs) {
      if (this.disposable) ops.push({ deleteOne: { filter: { _id: d.id } as never } });
      else ops.push({ updateOne: { filter: { _id: d.id } as never, update: { $pullAll: { [OUTBOX_FIELD]: d.records ?? (await this.readBack(d)) } } as never } });
    }
    await this.target.bulkWrite(ops, { ordered: false });
    for (const d of docs) for (const id of d.ids) this.ids.delete(id);
    const finished: string[] = [];
    for (let left = docs.length; left > 0;) {
      const batch = this.batches[0];
      const n = Math.min(left, batch.docs.length - batch.removed);
      batch.removed += n;
      left -= n;
      if (batch.removed === batch.docs.length) finished.push(this.batches.shift()!.markerId);
    }
    // One delete per marker, by `_id` alone: FerretDB reads the whole collection for any other filter.
    if (finished.length > 0) await this.markers.bulkWrite(finished.map((_id) => ({ deleteOne: { filter: { _id } } })), { ordered: false });
    return docs.length;
  }

  /** Waits for the markers being stored. */
  flush(): Promise<void> {
    return this.recording;
  }

  private async storeMarkers(): Promise<void> {
    const markers = this.unstored;
    this.unstored = [];
    // A marker that fails to be stored costs only duplicates, if this relay then dies.
    await this.markers.insertMany(markers, { ordered: false }).catch(this.onError);
  }

  /** The document's entries among `ids`, as stored (removing needs their values). */
  private async readBack(d: Published): Promise<KafkaRecord[]> {
    const doc = await this.target.findOne({ _id: d.id } as never, { projection: { [OUTBOX_FIELD]: 1 } });
    return (doc?.[OUTBOX_FIELD] ?? []).filter((r) => d.ids.includes(r.id));
  }

  private oldest(max: number): Published[] {
    const docs: Published[] = [];
    for (const b of this.batches) {
      docs.push(...b.docs.slice(b.removed, b.removed + max - docs.length));
      if (docs.length >= max) break;
    }
    return docs;
  }

  private remember(markerId: string, docs: Published[]) {
    this.batches.push({ markerId, docs, removed: 0 });
    for (const d of docs) for (const id of d.ids) this.ids.add(id);
  }
}

function published(d: DocEntries): Published {
  return { id: d.id, ids: d.records.map((r) => r.id), records: d.records };
}
