import type { Collection, Db } from 'mongodb';
import { KafkaRecord } from './kafka-record';
import { OUTBOX_FIELD } from './outbox';
import { Publisher } from './publisher';
import { RelayLease } from './relay-lease';
import { sleep } from './backoff';
import { UPDATES_PER_COMMAND } from './store-limits';

export interface RelayOptions {
  db: Db;
  /** Collections whose documents carry outbox entries. */
  collections: string[];
  publisher: Publisher;
  /** Unique per process, e.g. `<app>:<hostname>:<pid>`. */
  owner: string;
  /** Most entries published per round. */
  batchSize?: number;
  /**
   * How often the relay looks through the collections for entries it was not told about
   * (written by another replica, or left by a crashed process). On MongoDB this query uses an
   * index; on FerretDB it reads the whole collection, so it runs seldom there.
   */
  scanIntervalMs?: number;
  /** How long a relay's lease lasts without renewal; a crashed relay's work resumes after it. */
  leaseTtlMs?: number;
  onError?: (err: unknown) => void;
  /** Test hook: runs after publishing and before the entries are removed. */
  afterPublish?: (records: KafkaRecord[]) => Promise<void> | void;
}

type OutboxDoc = { _id: unknown; [OUTBOX_FIELD]: KafkaRecord[] };
interface Pending { id: unknown; records: KafkaRecord[] }
interface CollectionState { lease: RelayLease; pending: Pending[]; scanned: boolean; nextScan: number }

/**
 * Writers of this process report their entries, so the scan is a safety net: for entries left by
 * a crash, or written by replicas that do not hold the lease (lower it where several replicas
 * write and the store is MongoDB, whose scan is an index lookup).
 */
const DEFAULT_SCAN_INTERVAL_MS = 5000;

/**
 * Publishes outbox entries to Kafka, then removes exactly those entries (`$pullAll`, by `_id`).
 * Writers in this process report what they wrote (`written`), so the relay publishes it at once
 * without querying; a periodic scan, and a first one whenever the relay takes over, catch
 * everything else, oldest first. A crash between publishing and removing publishes entries
 * again: delivery is at-least-once, and consumers deduplicate by id. Only the holder of a
 * collection's lease relays it, so per-aggregate order holds across replicas.
 */
export class OutboxRelay {
  private running = false;
  private loop?: Promise<void>;
  private wake?: () => void;
  private readonly state = new Map<string, CollectionState>();

  constructor(private readonly options: RelayOptions) {
    const leases = options.db.collection<{ _id: string; owner: string; until: Date }>('_outbox_leases');
    for (const c of options.collections) {
      this.state.set(c, { lease: new RelayLease(leases, c, options.owner, options.leaseTtlMs), pending: [], scanned: false, nextScan: 0 });
    }
  }

  async start(): Promise<void> {
    for (const name of this.options.collections) await this.options.db.collection(name).createIndex({ [`${OUTBOX_FIELD}.id`]: 1 });
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

  /** Documents that still hold unpublished entries, per collection. */
  async backlog(): Promise<Record<string, number>> {
    const counts = await Promise.all(this.options.collections.map(async (name) =>
      [name, await this.options.db.collection(name).countDocuments({ [`${OUTBOX_FIELD}.id`]: { $exists: true } })] as const));
    return Object.fromEntries(counts);
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    await Promise.all([...this.state.values()].map((s) => s.lease.release().catch(() => undefined)));
  }

  private async run(): Promise<void> {
    while (this.running) {
      let moved = 0;
      try {
        for (const [name, state] of this.state) moved += await this.relayCollection(name, state);
      } catch (err) {
        this.options.onError?.(err);
        await sleep(500);
      }
      if (moved === 0 && this.running) await this.idle();
    }
  }

  private async relayCollection(name: string, state: CollectionState) {
    const collection = this.options.db.collection<OutboxDoc>(name);
    if (!(await state.lease.holds())) {
      state.scanned = false;
      return 0;
    }
    if (!state.scanned || Date.now() >= state.nextScan) {
      const scanned = await this.relayScanned(collection);
      // The scan published those documents' entries, including any reported meanwhile.
      state.pending = state.pending.filter((p) => !scanned.has(String(p.id)));
      const moved = scanned.size;
      state.scanned = moved < this.batchSize();
      state.nextScan = Date.now() + (this.options.scanIntervalMs ?? DEFAULT_SCAN_INTERVAL_MS);
      return moved;
    }
    const batch = state.pending.slice(0, this.batchSize());
    if (batch.length === 0) return 0;
    await this.publishAndRemove(collection, batch);
    state.pending.splice(0, batch.length);
    return batch.length;
  }

  /** Publishes the entries of the first documents found holding some; returns their ids. */
  private async relayScanned(collection: Collection<OutboxDoc>): Promise<Set<string>> {
    const docs = await collection
      .find({ [`${OUTBOX_FIELD}.id`]: { $exists: true } }, { projection: { [OUTBOX_FIELD]: 1 } })
      .limit(this.batchSize())
      .toArray();
    await this.publishAndRemove(collection, docs.map((d) => ({ id: d._id, records: d[OUTBOX_FIELD] })));
    return new Set(docs.map((d) => String(d._id)));
  }

  private async publishAndRemove(collection: Collection<OutboxDoc>, batch: Pending[]): Promise<void> {
    if (batch.length === 0) return;
    const records = batch.flatMap((p) => p.records);
    await this.options.publisher.send(records);
    await this.options.afterPublish?.(records);
    for (let i = 0; i < batch.length; i += UPDATES_PER_COMMAND) {
      await collection.bulkWrite(batch.slice(i, i + UPDATES_PER_COMMAND).map((p) => ({
        updateOne: { filter: { _id: p.id } as never, update: { $pullAll: { [OUTBOX_FIELD]: p.records } } as never },
      })), { ordered: false });
    }
  }

  private batchSize(): number {
    return this.options.batchSize ?? 500;
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.options.scanIntervalMs ?? DEFAULT_SCAN_INTERVAL_MS);
      function done() { clearTimeout(timer); resolve(); }
      this.wake = () => { this.wake = undefined; done(); };
    });
  }
}
