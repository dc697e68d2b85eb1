import type { Collection, Db } from 'mongodb';
import { KafkaRecord } from './kafka-record';
import { OUTBOX_FIELD } from './outbox';
import { Publisher } from './publisher';
import { RelayLease } from './relay-lease';
import { sleep } from './backoff';

export interface RelayOptions {
  db: Db;
  /** Collections whose documents carry outbox entries. */
  collections: string[];
  publisher: Publisher;
  /** Unique per process, e.g. `<app>:<hostname>:<pid>`. */
  owner: string;
  batchSize?: number;
  /** How long to wait for new entries when none are pending, unless `notify` is called. */
  idleMs?: number;
  /** How long a relay's lease lasts without renewal; a crashed relay's work resumes after it. */
  leaseTtlMs?: number;
  onError?: (err: unknown) => void;
  /** Test hook: runs after publishing and before the entries are removed. */
  afterPublish?: (records: KafkaRecord[]) => Promise<void> | void;
}

/**
 * FerretDB 1.24 keeps one SQLite connection open per statement of an `update` command until the
 * whole command ends, from a pool of 100 per database: a command with about 100 statements waits
 * for a connection forever and wedges that database. So removals go 50 at a time.
 */
const UPDATES_PER_COMMAND = 50;

type OutboxDoc = { _id: unknown; [OUTBOX_FIELD]: KafkaRecord[] };

/**
 * Publishes outbox entries to Kafka and then removes exactly those entries (`$pullAll`), one
 * collection batch at a time, in each document's order. A crash between publishing and removing
 * publishes them again on restart: delivery is at-least-once, and consumers deduplicate by id.
 * Only the holder of the collection's lease relays, so per-aggregate order holds across replicas.
 */
export class OutboxRelay {
  private running = false;
  private loop?: Promise<void>;
  private wake?: () => void;
  private readonly leases: Map<string, RelayLease>;

  constructor(private readonly options: RelayOptions) {
    const leaseCollection = options.db.collection<{ _id: string; owner: string; until: Date }>('_outbox_leases');
    this.leases = new Map(options.collections.map((c) => [c, new RelayLease(leaseCollection, c, options.owner, options.leaseTtlMs)]));
  }

  async start(): Promise<void> {
    for (const name of this.options.collections) await this.options.db.collection(name).createIndex({ [`${OUTBOX_FIELD}.id`]: 1 });
    this.running = true;
    this.loop = this.run();
  }

  /** Wakes the relay at once; call it after a write that added outbox entries. */
  notify(): void {
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
    this.notify();
    await this.loop;
    await Promise.all([...this.leases.values()].map((l) => l.release().catch(() => undefined)));
  }

  private async run(): Promise<void> {
    while (this.running) {
      let moved = 0;
      try {
        for (const name of this.options.collections) {
          if (await this.leases.get(name)!.holds()) moved += await this.relayBatch(this.options.db.collection<OutboxDoc>(name));
        }
      } catch (err) {
        this.options.onError?.(err);
        await sleep(500);
      }
      if (moved === 0 && this.running) await this.idle();
    }
  }

  private async relayBatch(collection: Collection<OutboxDoc>): Promise<number> {
    const docs = await collection
      .find({ [`${OUTBOX_FIELD}.id`]: { $exists: true } }, { projection: { [OUTBOX_FIELD]: 1 } })
      .limit(this.options.batchSize ?? 500)
      .toArray();
    if (docs.length === 0) return 0;
    const records = docs.flatMap((d) => d[OUTBOX_FIELD]);
    await this.options.publisher.send(records);
    await this.options.afterPublish?.(records);
    for (let i = 0; i < docs.length; i += UPDATES_PER_COMMAND) {
      await collection.bulkWrite(docs.slice(i, i + UPDATES_PER_COMMAND).map((d) => ({
        updateOne: { filter: { _id: d._id }, update: { $pullAll: { [OUTBOX_FIELD]: d[OUTBOX_FIELD] } } as never },
      })), { ordered: false });
    }
    return records.length;
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.options.idleMs ?? 50);
      function done() { clearTimeout(timer); resolve(); }
      this.wake = () => { this.wake = undefined; done(); };
    });
  }
}
