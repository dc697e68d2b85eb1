import { randomBytes } from 'node:crypto';
import { freePort } from '@berth/testing';
import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import mongoose from 'mongoose';
import type { BaseConfig } from '@berth/config';
import type { SmsAdapterConfig } from '../src/config/sms-adapter.env';
import { AcceptRequest } from '../src/sms/application/accept-request';
import { SmsQueues } from '../src/sms/infrastructure/sms-queues';
import { SmsRequestRepository } from '../src/sms/infrastructure/sms-request.repository';
import { WaitingSweep } from '../src/sms/infrastructure/waiting-sweep';

const prefix = `arq${randomBytes(3).toString('hex')}`;

/**
 * The fault run saw SMS requests wait as long as Redis was stopped (the queue's connection retries
 * without limit). Real store; the queues on a Redis that is out of reach.
 */
describe('AcceptRequest with Redis out of reach', () => {
  let connection: mongoose.Connection;
  let redis: Redis;
  let queues: SmsQueues;

  beforeAll(async () => {
    Logger.overrideLogger(false);
    connection = await mongoose.createConnection(process.env.MONGODB_URI!, { dbName: `${prefix}_sms` }).asPromise();
    redis = new Redis(process.env.REDIS_URL!);
    const config = { BERTH_DB_PREFIX: prefix, REDIS_URL: `redis://127.0.0.1:${await freePort()}`, BERTH_SMS_ATTEMPTS: 10, BERTH_SMS_RETRY_DELAY_MS: 1000 };
    queues = new SmsQueues(config as unknown as SmsAdapterConfig);
    queues.connection.on('error', () => undefined);
  });

  afterAll(async () => {
    await queues.onApplicationShutdown();
    redis.disconnect();
    await connection.dropDatabase();
    await connection.close();
  });

  // Redis stays out of reach for the whole test: an answer that waited for the queue would never come (the test's timeout fails it).
  it('answers once the request is stored, though the queue stays out of reach, and leaves its delivery waiting to be queued', async () => {
    const requests = new SmsRequestRepository(connection, redis, { BERTH_DB_PREFIX: prefix } as BaseConfig);
    const accept = new AcceptRequest(requests, queues, new WaitingSweep(requests, queues, redis, { BERTH_DB_PREFIX: prefix } as BaseConfig));
    const doc = { _id: 'r1', tenant: 't1', senderAddress: '+4915112345678', message: 'hi', deliveries: [{ address: '+4917612345678', status: 'MessageWaiting' as const }], createdAt: new Date() };
    await accept.run(doc);
    expect((await requests.find('r1'))?.deliveries[0].status).toBe('MessageWaiting');
  });
});
