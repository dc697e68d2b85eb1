import type { Collection, Db } from 'mongodb';
import { KafkaRecord } from './kafka-record';
import { OUTBOX_FIELD } from './outbox';
import { DocEntries, OutboxDoc, PUBLISHED_COLLECTION, PublishedEntries } from './outbox-published';
import { mergePositions, Positions } from './positions';
import { Publisher } from './publisher';
import { RelayLease } from './relay-lease';
import { sleep } from './backoff';
import { UPDATES_PER_COMMAND } from './store-limits';

export interface RelayOptions {
  db: Db;
  /** Collections whose documents carry outbox entries. */
  collections: string[];
  /**
   * Those of `collections` whose documents exist only to carry their messages (a deletion's
   * tombstone): each is deleted once its entries are published, instead of having them removed,
   * so the collection does not grow with every such write (and the scan with it).
   */
  disposable?: string[];
  publisher: Publisher;
  /** Unique per process, e.g. `<app>:<hostname>:<pid>`. */
  owner: string;
  /** Most documents' entries published per round. */
  batchSize?: number;
  /**
   * How often the relay looks through the collections for entries it was not told about
   * (written by another replica, or left by a crashed process). On MongoDB this query uses an
   * index; on FerretDB it reads the whole collection, so it runs seldom there.
   */
  scanIntervalMs?: number;
  /** How long a relay's lease lasts without renewal; a crashed relay's work resumes after it. */
  leaseTtlMs?: number;
  /** How long the relay must have had nothing to publish before it removes published entries. */
  quietMs?: number;
  /** Published entries kept in their documents before removing them takes turns with publishing. */
  maxUnremoved?: number;
  onError?: (err: unknown) => void;
  /** Test hook: runs after publishing and before the batch is recorded as published. */
  afterPublish?: (records: KafkaRecord[]) => Promise<void> | void;
}

interface CollectionState {
  lease: RelayLease;
  pending: DocEntries[];
  published: PublishedEntries;
  loaded: boolean;
  nextScan: number;
}

const DEFAULT_SCAN_INTERVAL_MS = 5000;
/** Documents a scan reads per round trip: small, so that writes on the same connection and reported entries wait little (see `scan`). */
const SCAN_BATCH = 50;
/** Documents cleaned per step while quiet: small, so a write arriving meanwhile waits little. */
const QUIET_REMOVALS = 8;

/**
 * Publishes outbox entries to Kafka in batches, records each batch as published (one insert),
 * and removes the entries from their documents later, when there is nothing to publish, or
 * in turns with publishing once `maxUnremoved` is reached. Writers in this process report what
 * they wrote (`written`), so the relay publishes it at once without querying; a periodic scan,
 * and a first one whenever the relay takes over, catch everything else. A crash between
 * publishing and recording publishes entries again: delivery is at-least-once, and consumers
 * deduplicate by id. Only the holder of a collection's lease relays it, so per-aggregate order
 * holds across replicas.
 */
export class OutboxRelay {
  private running = false;
  private loop?: Promise<void>;
  private wake?: () => void;
  private readonly state = new Map<string, CollectionState>();
  /** Who waits for which reported entry to be published (`whenPublished`), by entry id, and since when. */
  private readonly waiting = new Map<string, { resolve: (positions: Positions | undefined) => void; since: number }>();
  /** The highest position this relay has published to, per partition. */
  private readonly publishedUpTo: Positions = new Map();

  constructor(private readonly options: RelayOptions) {
    const leases = options.db.collection<{ _id: string; owner: string; until: Date }>('_outbox_leases');
    const onError = (err: unknown) => options.onError?.(err);
    for (const c of options.collections) {
      this.state.set(c, {
        lease: new RelayLease(leases, c, options.owner, options.leaseTtlMs),
        pending: [], published: new PublishedEntries(options.db, c, onError, options.disposable?.includes(c)), loaded: false, nextScan: 0,
      });
    }
  }

  async start(): Promise<void> {
    for (const name of this.options.collections) await this.options.db.collection(name).createIndex({ [`${OUTBOX_FIELD}.id`]: 1 });
    // Serves a taking-over relay's read of the markers; made here, so the first publish does not create the collection.
    await this.options.db.collection(PUBLISHED_COLLECTION).createIndex({ collection: 1, at: 1 });
    this.running = true;
    this.loop = this.run();
  }

  /** Reports a successful write that added `records` to document `id` of `collection`. */
  written(collection: string, id: unknown, records: KafkaRecord[]): void {
    const state = this.state.get(collection);
    if (!state) throw new Error(`the relay does not watch collection "${collection}"`);
    state.pending.push({ id, records });
    this.wake?.();
  }

  /**
   * Resolves with the positions the entries were published at, or with undefined when this relay
   * will not publish them (another replica holds the lease, or the relay stops). Entries are
   * published in the order reported, so the last one's positions cover the earlier ones.
   */
  whenPublished(ids: string[]): Promise<Positions | undefined> {
    const since = Date.now();
    return Promise.all(ids.map((id) => new Promise<Positions | undefined>((resolve) => this.waiting.set(id, { resolve, since }))))
      .then((all) => (all.some((p) => p === undefined) ? undefined : all.reduce<Positions>((into, p) => (mergePositions(into, p!), into), new Map())));
  }

  /**
   * The positions of everything this relay has published, once no entry waited for since
   * `reportedBy` (ms since the epoch) or earlier is still unpublished; undefined until then.
   */
  publishedSince(reportedBy: number): Positions | undefined {
    for (const { since } of this.waiting.values()) if (since <= reportedBy) return undefined;
    return new Map(this.publishedUpTo);
  }

  /** Documents that still hold entries (unpublished, or published and not yet removed), per collection. */
  async backlog(): Promise<Record<string, number>> {
    const counts = await Promise.all(this.options.collections.map(async (name) =>
      [name, await this.options.db.collection(name).countDocuments({ [`${OUTBOX_FIELD}.id`]: { $exists: true } })] as const));
    return Object.fromEntries(counts);
  }

  /** Per collection: entries reported and not yet published, and published entries not yet removed. */
  stats(): Record<string, { unpublished: number; unremoved: number }> {
    return Object.fromEntries([...this.state].map(([name, s]) =>
      [name, { unpublished: s.pending.reduce((n, d) => n + d.records.length, 0), unremoved: s.published.size }]));
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    for (const s of this.state.values()) await s.published.flush();
    await Promise.all([...this.state.values()].map((s) => s.lease.release().catch(() => undefined)));
    this.settle(this.waiting.keys(), undefined);
  }

  /** Tells those waiting for `ids` where they went (undefined: not published by this relay). */
  private settle(ids: Iterable<string>, positions: Positions | undefined): void {
    if (this.waiting.size === 0) return;
    for (const id of [...ids]) {
      const waiter = this.waiting.get(id);
      if (waiter) {
        this.waiting.delete(id);
        waiter.resolve(positions);
      }
    }
  }

  private async run(): Promise<void> {
    let removing = false;
    while (this.running) {
      try {
        let moved = 0;
        for (const [name, state] of this.state) moved += await this.relayCollection(name, state);
        if (moved > 0 || !this.running) {
          removing = false;
        } else if (!this.hasUnremoved()) {
          await this.waitForWork(this.options.scanIntervalMs ?? DEFAULT_SCAN_INTERVAL_MS);
        } else if (removing || (await this.waitForWork(this.options.quietMs ?? 20))) {
          // Quiet: keep removing, step by step, until a write is reported.
          removing = await this.removeWhileQuiet();
        }
      } catch (err) {
        this.options.onError?.(err);
        await sleep(500);
      }
    }
  }

  private async relayCollection(name: string, state: CollectionState): Promise<number> {
    if (!(await state.lease.holds())) {
      // The lease holder's scan finds these writes.
      this.settle(state.pending.flatMap((d) => d.records.map((r) => r.id)), undefined);
      state.pending = [];
      state.loaded = false;
      return 0;
    }
    let takingOver = false;
    if (!state.loaded) {
      await state.published.load();
      state.loaded = true;
      state.nextScan = 0;
      takingOver = true;
    }
    if (state.published.size >= (this.options.maxUnremoved ?? 10_000)) await state.published.removeSome(UPDATES_PER_COMMAND);
    if (Date.now() >= state.nextScan) {
      const found = await this.scan(this.options.db.collection<OutboxDoc>(name), state, !takingOver);
      state.pending.unshift(...withoutReported(found, state.pending));
      if (found.length < this.batchSize()) state.nextScan = Date.now() + (this.options.scanIntervalMs ?? DEFAULT_SCAN_INTERVAL_MS);
    }
    const batch = state.pending.splice(0, this.batchSize());
    return this.publish(state, batch);
  }

  /**
   * Entries in the collection that were neither published nor reported, oldest documents first.
   * With `publishMeanwhile` (a periodic scan, not the first one of a relay taking over), entries
   * reported while the scan reads are published between its batches instead of waiting for its end:
   * on FerretDB the scan reads the whole collection, which took about a second at 4,000 documents
   * in one round trip, with the app's writes waiting behind it on the same connection. In batches
   * of SCAN_BATCH, a write waits for one batch at most.
   * What it found and was published meanwhile is left out when the found entries are published.
   */
  private async scan(collection: Collection<OutboxDoc>, state: CollectionState, publishMeanwhile: boolean): Promise<DocEntries[]> {
    // Reported entries are left out here too, so that they do not fill the batch and call for another full scan at once.
    const reported = reportedIds(state.pending);
    const found: DocEntries[] = [];
    const cursor = collection.find({ [`${OUTBOX_FIELD}.id`]: { $exists: true } }, { projection: { [OUTBOX_FIELD]: 1 }, batchSize: SCAN_BATCH });
    for await (const doc of cursor) {
      const records = doc[OUTBOX_FIELD].filter((r) => !state.published.has(r) && !reported.has(r.id));
      if (records.length > 0) found.push({ id: doc._id, records });
      if (found.length >= this.batchSize()) break;
      // At the end of each batch the cursor read, before it asks for the next one.
      if (publishMeanwhile && state.pending.length > 0 && cursor.bufferedCount() === 0) await this.publish(state, state.pending.splice(0, this.batchSize()));
    }
    await cursor.close();
    return found;
  }

  /** Publishes the batch's entries that are not already published, then records them. */
  private async publish(state: CollectionState, batch: DocEntries[]): Promise<number> {
    const docs = batch
      .map((d) => ({ id: d.id, records: d.records.filter((r) => !state.published.has(r)) }))
      .filter((d) => d.records.length > 0);
    if (docs.length === 0) {
      this.settle(batch.flatMap((d) => d.records.map((r) => r.id)), new Map());
      return batch.length;
    }
    const records = docs.flatMap((d) => d.records);
    let positions: Positions;
    try {
      positions = await this.options.publisher.send(records);
    } catch (err) {
      state.pending.unshift(...batch);
      throw err;
    }
    await this.options.afterPublish?.(records);
    state.published.record(docs);
    mergePositions(this.publishedUpTo, positions);
    this.settle(batch.flatMap((d) => d.records.map((r) => r.id)), positions);
    return batch.length;
  }

  /** Removes some published entries from their documents; false when there were none. */
  private async removeWhileQuiet(): Promise<boolean> {
    const state = [...this.state.values()].find((s) => s.loaded && s.published.size > 0);
    return (await state?.published.removeSome(QUIET_REMOVALS) ?? 0) > 0;
  }

  private hasUnremoved(): boolean {
    return [...this.state.values()].some((s) => s.loaded && s.published.size > 0);
  }

  private batchSize(): number {
    return this.options.batchSize ?? 500;
  }

  /** Waits up to `ms` for a write to be reported; true when none was. */
  private waitForWork(ms: number): Promise<boolean> {
    if ([...this.state.values()].some((s) => s.pending.length > 0)) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(true), ms);
      const done = (quiet: boolean) => { clearTimeout(timer); this.wake = undefined; resolve(quiet); };
      this.wake = () => done(false);
    });
  }
}

/** The entries found by a scan less those reported meanwhile (written while the scan ran), which would go twice. */
function withoutReported(found: DocEntries[], pending: DocEntries[]): DocEntries[] {
  if (pending.length === 0) return found;
  const reported = reportedIds(pending);
  return found.map((d) => ({ id: d.id, records: d.records.filter((r) => !reported.has(r.id)) })).filter((d) => d.records.length > 0);
}

function reportedIds(pending: DocEntries[]): Set<string> {
  return new Set(pending.flatMap((p) => p.records.map((r) => r.id)));
}
