import type { Collection } from 'mongodb';
import { DUPLICATE_KEY } from './store-limits';

interface LeaseDoc { _id: string; owner: string; until: Date }

/**
 * One relay per outbox at a time, across an app's replicas, so entries leave in order. The lease
 * is a document renewed by its owner; another owner takes it over once it has expired. Past half
 * its time the owner renews it in the background while it still holds it, so publishing does not
 * wait for the store; only a lease that has run out is renewed (or taken) before answering.
 */
export class RelayLease {
  private heldUntil = 0;
  private nextTry = 0;
  private renewing?: Promise<boolean>;
  /** After a background renewal failed: not again before this (the lease still runs meanwhile). */
  private nextRenewal = 0;

  constructor(
    private readonly collection: Collection<LeaseDoc>,
    private readonly name: string,
    private readonly owner: string,
    private readonly ttlMs = 10_000,
  ) {}

  /** True while this owner holds the lease; renews it when half its time has passed. */
  async holds(): Promise<boolean> {
    const now = Date.now();
    const left = this.heldUntil - now;
    if (left > this.ttlMs / 2) return true;
    if (left > 0) {
      if (now >= this.nextRenewal) {
        this.renew().catch(() => {
          this.nextRenewal = Date.now() + this.ttlMs / 10;
        });
      }
      return true;
    }
    if (now < this.nextTry) return false;
    return this.renew();
  }

  async release(): Promise<void> {
    this.heldUntil = 0;
    await this.renewing?.catch(() => undefined);
    await this.collection.deleteOne({ _id: this.name, owner: this.owner });
  }

  /** One renewal at a time: a caller arriving while one runs shares it. */
  private renew(): Promise<boolean> {
    this.renewing ??= this.takeOrRenew().finally(() => (this.renewing = undefined));
    return this.renewing;
  }

  private async takeOrRenew(): Promise<boolean> {
    const now = Date.now();
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
}
