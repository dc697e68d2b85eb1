import Redis from 'ioredis';
import { DeliveryGuard, DeliveryState } from '../src/sms/infrastructure/delivery-guard';

describe('DeliveryGuard against Redis', () => {
  const redis = new Redis(process.env.REDIS_URL!);
  const prefix = `dg${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}:`;
  const guard = new DeliveryGuard(redis, prefix);
  const waiting: DeliveryState = { status: 'MessageWaiting' };
  const sent: DeliveryState = { status: 'DeliveredToNetwork', providerMessageId: 'p1' };
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('runs the changes of one delivery one at a time, across guards (instances)', async () => {
    const other = new DeliveryGuard(redis, prefix);
    let value = 0;
    let inside = 0;
    let most = 0;
    await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? guard : other).run('a.0', async () => {
      inside++;
      most = Math.max(most, inside);
      const read = value;
      await new Promise((resolve) => setTimeout(resolve, 5));
      value = read + 1;
      inside--;
      return waiting;
    })));
    expect(value).toBe(12);
    expect(most).toBe(1);
  });

  it('keeps the state a change stored as the copy, and says whether it wrote', async () => {
    await guard.seed([['b.0', waiting]]);
    await redis.set(`${prefix}other`, 'x');
    expect(await guard.peek('b.0', [`${prefix}other`, `${prefix}none`])).toEqual({ copy: waiting, values: ['x', null] });
    expect(await guard.run('b.0', async (copy, writing) => {
      expect(copy).toEqual(waiting);
      writing();
      return sent;
    })).toBe(true);
    expect((await guard.peek('b.0', [`${prefix}none`])).copy).toEqual(sent);
    expect(await guard.run('b.0', async (copy) => copy)).toBe(false);
    await guard.seed([['b.0', waiting]]);
    expect((await guard.peek('b.0', [`${prefix}none`])).copy).toEqual(sent);
  });

  it('drops the copy when a change fails after it began writing, and keeps it when it failed before', async () => {
    await guard.seed([['c.0', waiting], ['d.0', waiting]]);
    await expect(guard.run('c.0', async (_copy, writing) => {
      writing();
      throw new Error('store down');
    })).rejects.toThrow('store down');
    expect((await guard.peek('c.0', [`${prefix}none`])).copy).toBeUndefined();
    await expect(guard.run('c.0', async (copy) => copy)).resolves.toBe(false);
    await expect(guard.run('d.0', async () => {
      throw new Error('no provider');
    })).rejects.toThrow('no provider');
    expect((await guard.peek('d.0', [`${prefix}none`])).copy).toEqual(waiting);
  });

  it('does not trust the copy of a delivery whose holder died while changing it', async () => {
    await guard.seed([['f.0', waiting]]);
    await redis.set(`${prefix}held:f.0`, '1');
    expect((await guard.peek('f.0', [`${prefix}none`])).copy).toBeUndefined();
    expect(await guard.run('f.0', async (copy) => {
      expect(copy).toBeUndefined();
      return sent;
    })).toBe(false);
    expect((await guard.peek('f.0', [`${prefix}none`])).copy).toEqual(sent);
    expect(await redis.exists(`${prefix}held:f.0`)).toBe(0);
  });

  it('waits for a lock held elsewhere until it is freed or expires', async () => {
    await redis.set(`${prefix}lock:e.0`, 'someone', 'PX', 300);
    let holderWhileRunning: string | null = 'not run';
    await guard.run('e.0', async () => {
      holderWhileRunning = await redis.get(`${prefix}lock:e.0`);
      return waiting;
    });
    // It ran only once the other holder's lock was gone: the lock then was its own.
    expect(holderWhileRunning).not.toBe('someone');
    expect(holderWhileRunning).not.toBe('not run');
    expect(await redis.exists(`${prefix}lock:e.0`)).toBe(0);
  });
});
