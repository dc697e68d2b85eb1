import type { Consumer } from 'kafkajs';
import { OffsetCommits } from './offset-commits';

type Sent = Array<{ topic: string; partition: number; offset: string }>;

/** A consumer whose commits succeed or fail in turn; `during` runs while a commit is under way. */
function commitsWith(results: Array<'ok' | 'fail'>, during: () => void = () => undefined) {
  const sent: Sent[] = [];
  const consumer = {
    commitOffsets: async (offsets: Sent) => {
      sent.push(offsets);
      during();
      if (results.shift() === 'fail') throw new Error('rebalancing');
    },
  } as unknown as Consumer;
  const errors: unknown[] = [];
  const commits = new OffsetCommits(consumer, 60_000, (err) => errors.push(err));
  return { commits, sent, errors };
}

describe('OffsetCommits', () => {
  it('commits the offset after the last handled message of each partition, once', async () => {
    const { commits, sent } = commitsWith(['ok']);
    commits.handle('t', 0, '4');
    commits.handle('t', 0, '9');
    commits.handle('t', 1, '2');
    await commits.commit();
    await commits.commit();
    expect(sent).toEqual([[{ topic: 't', partition: 0, offset: '10' }, { topic: 't', partition: 1, offset: '3' }]]);
  });

  it('tries a failed commit again with the next, where no later offset replaced it', async () => {
    let first = true;
    const { commits, sent, errors } = commitsWith(['fail', 'ok'], () => {
      if (first) commits.handle('t', 1, '8'); // handled while the failing commit was under way
      first = false;
    });
    commits.handle('t', 0, '4');
    commits.handle('t', 1, '7');
    await commits.commit();
    expect(sent[0]).toEqual([{ topic: 't', partition: 0, offset: '5' }, { topic: 't', partition: 1, offset: '8' }]);
    expect(errors).toHaveLength(1);
    await commits.commit();
    expect(sent[1]).toEqual(expect.arrayContaining([{ topic: 't', partition: 0, offset: '5' }, { topic: 't', partition: 1, offset: '9' }]));
    expect(sent[1]).toHaveLength(2);
  });

  it('commits what was handled from its timer, once each interval, without being asked', async () => {
    jest.useFakeTimers();
    try {
      const { commits, sent } = commitsWith(['ok', 'ok']);
      commits.start();
      commits.handle('t', 0, '4');
      await jest.advanceTimersByTimeAsync(59_999);
      expect(sent).toEqual([]);
      await jest.advanceTimersByTimeAsync(1);
      expect(sent).toEqual([[{ topic: 't', partition: 0, offset: '5' }]]);
      commits.handle('t', 0, '6');
      await jest.advanceTimersByTimeAsync(60_000);
      expect(sent).toEqual([[{ topic: 't', partition: 0, offset: '5' }], [{ topic: 't', partition: 0, offset: '7' }]]);
      await commits.stop();
    } finally {
      jest.useRealTimers();
    }
  });

  it('forgets uncommitted offsets on reset, and commits what is left at stop', async () => {
    const { commits, sent } = commitsWith(['ok']);
    commits.handle('t', 0, '4');
    commits.reset();
    commits.handle('t', 2, '1');
    await commits.stop();
    expect(sent).toEqual([[{ topic: 't', partition: 2, offset: '2' }]]);
  });
});
