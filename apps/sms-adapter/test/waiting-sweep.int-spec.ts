import { randomBytes } from 'node:crypto';
import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import mongoose from 'mongoose';
import type { BaseConfig } from '@berth/config';
import { defined, eventually } from '@berth/testing';
import type { SmsAdapterConfig } from '../src/config/sms-adapter.env';
import { deliveryId, SmsRequestDocument } from '../src/sms/domain/sms-request';
import { SmsQueues } from '../src/sms/infrastructure/sms-queues';
import { SmsRequestRepository } from '../src/sms/infrastructure/sms-request.repository';
import { WaitingSweep } from '../src/sms/infrastructure/waiting-sweep';

const prefix = `ws${randomBytes(3).toString('hex')}`;
const timing = { tickMs: 100, ageMs: 300, staleMs: 1000 };

/**
 * Deliveries stored but never queued are queued by WaitingSweep, which reads the store only after
 * a cause (a start, a dead instance, Redis losing its data) and otherwise retries by `_id`. Real
 * store, Redis and BullMQ queues; no worker runs, so a queued delivery stays a job to look up.
 */
describe('WaitingSweep', () => {
  let connection: mongoose.Connection;
  let redis: Redis;
  let queues: SmsQueues;
  let requests: SmsRequestRepository;
  let sweep: WaitingSweep;
  let sweeps: jest.SpyInstance;

  const request = (id: string, status: 'MessageWaiting' | 'DeliveredToNetwork' = 'MessageWaiting'): SmsRequestDocument => ({
    _id: id, tenant: 't1', senderAddress: '+4915112345678', message: 'hi', deliveries: [{ address: '+4917612345678', status }], createdAt: new Date(Date.now() - 1000),
  });
  const job = (id: string) => queues.send.getJob(deliveryId(id, 0));
  const queued = (id: string, what: string) => eventually(() => job(id), defined, { timeoutMs: 10_000, intervalMs: 50, what });
  const idle = () => eventually(() => sweep.sweepPending, (pending) => !pending, { timeoutMs: 10_000, intervalMs: 50, what: 'no sweep is pending' });
  /** Ticks the sweep has finished, and who waits for the next one to end. */
  let ticks = 0;
  let tickEnded: () => void = () => undefined;
  /** Waits for a whole tick that started after the call: what it would schedule is scheduled by then. */
  const aWholeTick = () => {
    const seen = ticks;
    return eventually(() => ticks, (n) => n >= seen + 2, { timeoutMs: 10_000, intervalMs: 20, what: 'a whole tick of the sweep' });
  };

  beforeAll(async () => {
    Logger.overrideLogger(false);
    connection = await mongoose.createConnection(process.env.MONGODB_URI!, { dbName: `${prefix}_sms` }).asPromise();
    redis = new Redis(process.env.REDIS_URL!);
    const config = { BERTH_DB_PREFIX: prefix, REDIS_URL: process.env.REDIS_URL!, BERTH_SMS_ATTEMPTS: 3, BERTH_SMS_RETRY_DELAY_MS: 1000 };
    queues = new SmsQueues(config as unknown as SmsAdapterConfig);
    requests = new SmsRequestRepository(connection, redis, config as unknown as BaseConfig);
    sweeps = jest.spyOn(requests, 'waiting');
    await requests.rows.insertMany([request('before-start'), request('sent-before-start', 'DeliveredToNetwork')]);
    sweep = new WaitingSweep(requests, queues, redis, config as unknown as BaseConfig, timing);
    const tick = sweep.tick.bind(sweep);
    jest.spyOn(sweep, 'tick').mockImplementation(async () => { await tick(); ticks++; tickEnded(); });
    sweep.onApplicationBootstrap();
  });

  afterAll(async () => {
    await sweep.onApplicationShutdown();
    await queues.send.obliterate({ force: true });
    await queues.onApplicationShutdown();
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    await connection.dropDatabase();
    await connection.close();
  });

  it('queues, after its start, what was stored but never queued, and only what still waits', async () => {
    await queued('before-start', 'the waiting request is queued');
    await idle();
    expect(await job('sent-before-start')).toBeUndefined();
    expect(sweeps).toHaveBeenCalledTimes(1);
  });

  it('retries a failed queueing by _id, without reading the store for waiting requests', async () => {
    await requests.rows.insertOne(request('failed-queueing'));
    sweep.retryLater('failed-queueing');
    await queued('failed-queueing', 'the request is queued');
    // A sweep of the store only runs once scheduled; a whole tick after the retry none is.
    await aWholeTick();
    expect(sweep.sweepPending).toBe(false);
    expect(sweeps).toHaveBeenCalledTimes(1);
  });

  it('sweeps when another instance stops beating, once', async () => {
    await redis.zadd(`${prefix}:sms:instances`, Date.now() - 60_000, 'dead-instance');
    await requests.rows.insertOne(request('of-dead-instance'));
    await queued('of-dead-instance', 'the dead instance\'s request is queued');
    await idle();
    expect(sweeps).toHaveBeenCalledTimes(2);
    expect(await redis.zscore(`${prefix}:sms:instances`, 'dead-instance')).toBeNull();
  });

  it('sweeps when Redis lost its data (the marker is gone)', async () => {
    await requests.rows.insertOne(request('lost-job'));
    await redis.del(`${prefix}:sms:sweep-marker`);
    await queued('lost-job', 'the request whose job was lost is queued');
    await idle();
    expect(sweeps).toHaveBeenCalledTimes(3);
  });

  it('says it stopped, so that no other instance sweeps for it', async () => {
    // Stopped between two ticks: shutdown does not wait for a tick under way, whose heartbeat would come after it.
    await new Promise<void>((resolve) => { tickEnded = resolve; });
    await sweep.onApplicationShutdown();
    expect(await redis.zcard(`${prefix}:sms:instances`)).toBe(0);
  });
});
