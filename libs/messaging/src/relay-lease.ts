import type { Collection } from 'mongodb';
import { DUPLICATE_KEY } from './store-limits';

interface LeaseDoc { _id: string; owner: string; until: Date }

/**
 * One relay per outbox at a time, across an app's replicas, so entries leave in order. The lease
 * is a document renewed by its owner; another owner takes it over once it has expired.
 */
export class RelayLease {
  private heldUntil = 0;
  private nextTry = 0;

  constructor(
    private readonly collection: Collection<LeaseDoc>,
    private readonly name: string,
    private readonly owner: string,
    private readonly ttlMs = 10_000,
  ) {}

  /** True while this owner holds the lease; renews it when half its time has passed. */
  async holds(): Promise<boolean> {
    const now = Date.now();
    if (this.heldUntil - now > this.ttlMs / 2) return true;
    if (now < this.nextTry) return false;
    try {
      await this.collection.updateOne(
        { _id: this.name, $or: [{ owner: this.owner }, { until: { $lt: new Date(now) } }] },
        { $set: { owner: this.owner, until: new Date(now + this.ttlMs) } },
        { upsert: true },
      );
      this.heldUntil = now + this.ttlMs;
      return true;
    } catch (err) {
      if ((err as { code?: number }).code !== DUPLICATE_KEY) throw err;
      this.heldUntil = 0;
      // Another owner holds it: ask again in a while, not on every write.
      this.nextTry = now + this.ttlMs / 4;
      return false;
    }
  }

  async release(): Promise<void> {
    this.heldUntil = 0;
    await this.collection.deleteOne({ _id: this.name, owner: this.owner });
  }
}
