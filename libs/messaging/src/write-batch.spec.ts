import { UPDATES_PER_COMMAND } from './store-limits';
import { WriteBatch } from './write-batch';

describe('WriteBatch', () => {
  it('sends writes made meanwhile as one batch and tells each caller its own outcome', async () => {
    const calls: number[][] = [];
    const batch = WriteBatch.inserts<number>(async (docs) => {
      calls.push(docs);
      const dup = docs.indexOf(3);
      if (dup >= 0 && docs.length > 1) throw Object.assign(new Error('bulk'), { writeErrors: [{ index: dup, code: 11000, errmsg: 'dup' }] });
    });
    const first = batch.write(1);
    await Promise.resolve();
    const outcomes = await Promise.allSettled([first, ...[2, 3, 4].map((n) => batch.write(n))]);
    expect(calls).toEqual([[1], [2, 3, 4]]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[2] as PromiseRejectedResult).reason).toMatchObject({ code: 11000 });
  });

  it('sends each on its own when the store does not say which failed', async () => {
    const batch = WriteBatch.inserts<number>(async (docs) => {
      if (docs.includes(2)) throw new Error('UNIQUE constraint failed');
    });
    const outcomes = await Promise.allSettled([1, 2, 3].map((n) => batch.write(n)));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});

describe('WriteBatch in one turn', () => {
  it('sends the writes made in the same turn as one batch', async () => {
    const calls: number[][] = [];
    const batch = WriteBatch.inserts<number>(async (docs) => void calls.push(docs));
    await Promise.all([1, 2, 3].map((n) => batch.write(n)));
    await batch.write(4);
    expect(calls).toEqual([[1, 2, 3], [4]]);
  });
});

describe('WriteBatch without resending', () => {
  it('rejects every write of a batch whose failure names none', async () => {
    const calls: number[][] = [];
    let gate!: () => void;
    const held = new Promise<void>((r) => (gate = r));
    const batch = WriteBatch.inserts<number>(async (docs) => {
      calls.push(docs);
      if (docs[0] === 1) return held;
      throw new Error('connection closed');
    }, { resendEach: false });
    const first = batch.write(1);
    await Promise.resolve();
    const outcomes = Promise.allSettled([first, batch.write(2), batch.write(3)]);
    gate();
    expect((await outcomes).map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    expect(calls).toEqual([[1], [2, 3]]);
  });
});

describe('WriteBatch with maxBatch', () => {
  it('sends no batch larger than maxBatch, in the order written', async () => {
    const calls: number[][] = [];
    const batch = WriteBatch.inserts<number>(async (docs) => void calls.push(docs), { maxBatch: 2 });
    await Promise.all([1, 2, 3, 4, 5].map((n) => batch.write(n)));
    expect(calls).toEqual([[1, 2], [3, 4], [5]]);
  });
});

describe('WriteBatch sizes', () => {
  const sizes = async (batch: (send: (docs: number[]) => Promise<unknown>) => WriteBatch<number>, count: number) => {
    const calls: number[] = [];
    const b = batch(async (docs) => void calls.push(docs.length));
    await Promise.all(Array.from({ length: count }, (_, i) => b.write(i)));
    return calls;
  };

  it('sends bulk writes at most UPDATES_PER_COMMAND at a time (FerretDB wedges on about 100 updates in one command)', async () => {
    expect(UPDATES_PER_COMMAND).toBeLessThan(100);
    const calls = await sizes((send) => WriteBatch.bulkWrites(send), 130);
    expect(calls[0]).toBe(UPDATES_PER_COMMAND);
    expect(Math.max(...calls)).toBe(UPDATES_PER_COMMAND);
    expect(calls.reduce((a, b) => a + b)).toBe(130);
  });

  it('sends inserts 500 at a time', async () => {
    expect(await sizes((send) => WriteBatch.inserts(send), 1200)).toEqual([500, 500, 200]);
  });
});
