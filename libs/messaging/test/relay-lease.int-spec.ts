import type { Collection } from 'mongodb';
import { eventually } from '@berth/testing';
import { RelayLease } from '../src';
import { MessagingFixture } from './messaging-fixture';

type LeaseDoc = { _id: string; owner: string; until: Date };
const TTL_MS = 2000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The leases' collection, whose updates wait until `open()` once `close()` was called (the store stays the real one). */
function gated(collection: Collection<LeaseDoc>) {
  let gate = Promise.resolve();
  let open = () => undefined as void;
  const proxy = new Proxy(collection, {
    get: (target, prop, receiver) => (prop === 'updateOne'
      ? async (...args: Parameters<Collection<LeaseDoc>['updateOne']>) => { await gate; return target.updateOne(...args); }
      : Reflect.get(target, prop, receiver)),
  });
  return { proxy, close: () => { gate = new Promise<void>((resolve) => (open = resolve)); }, open: () => open() };
}

describe('RelayLease (one relay per outbox across replicas), on the real store', () => {
  const f = new MessagingFixture();
  beforeAll(() => f.setUp());
  afterAll(() => f.tearDown());

  const leases = () => f.db.collection<LeaseDoc>('_outbox_leases');
  const stored = async (name: string) => (await leases().findOne({ _id: name }))!;

  it('is held by one owner at a time, renewed in the background while it runs, and taken over once it has run out', async () => {
    const store = gated(leases());
    const a = new RelayLease(store.proxy, 'orders', 'a', TTL_MS);
    const b = new RelayLease(leases(), 'orders', 'b', TTL_MS);
    expect(await a.holds()).toBe(true);
    expect(await b.holds()).toBe(false);
    const first = await stored('orders');
    expect(first.owner).toBe('a');

    // Past half its time a still holds it: it answers at once, without waiting for the (held-up) renewal.
    await sleep(TTL_MS * 0.6);
    store.close();
    expect(await a.holds()).toBe(true);
    expect((await stored('orders')).until).toEqual(first.until);
    store.open();
    const renewed = await eventually(() => stored('orders'), (lease) => lease.until.getTime() !== first.until.getTime(), { timeoutMs: TTL_MS / 4, intervalMs: 20, what: 'the renewal' });
    expect(renewed.owner).toBe('a');
    expect(renewed.until.getTime()).toBeGreaterThan(first.until.getTime());
    await sleep(TTL_MS * 0.5);
    expect(await b.holds()).toBe(false);

    // a stops asking (its process died): once the lease has run out, b takes it, and a no longer holds it.
    await sleep(TTL_MS * 1.2);
    expect(await b.holds()).toBe(true);
    expect((await stored('orders')).owner).toBe('b');
    expect(await a.holds()).toBe(false);
  });

  it('is given up by release, so another owner takes it at once', async () => {
    const c = new RelayLease(leases(), 'invoices', 'c', TTL_MS);
    const d = new RelayLease(leases(), 'invoices', 'd', TTL_MS);
    expect(await c.holds()).toBe(true);
    await c.release();
    expect(await d.holds()).toBe(true);
    expect(await c.holds()).toBe(false);
  });
});
