import { WriteBatch } from './write-batch';

describe('WriteBatch', () => {
  it('sends writes made meanwhile as one batch and tells each caller its own outcome', async () => {
    const calls: number[][] = [];
    const batch = new WriteBatch<number>(async (docs) => {
      calls.push(docs);
      const dup = docs.indexOf(3);
      if (dup >= 0 && docs.length > 1) throw Object.assign(new Error('bulk'), { writeErrors: [{ index: dup, code: 11000, errmsg: 'dup' }] });
    });
    const outcomes = await Promise.allSettled([1, 2, 3, 4].map((n) => batch.write(n)));
    expect(calls).toEqual([[1], [2, 3, 4]]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[2] as PromiseRejectedResult).reason).toMatchObject({ code: 11000 });
  });

  it('sends each on its own when the store does not say which failed', async () => {
    const batch = new WriteBatch<number>(async (docs) => {
      if (docs.includes(2)) throw new Error('UNIQUE constraint failed');
    });
    const outcomes = await Promise.allSettled([1, 2, 3].map((n) => batch.write(n)));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});
