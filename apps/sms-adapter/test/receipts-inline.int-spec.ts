import { randomBytes } from 'node:crypto';
import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import mongoose from 'mongoose';
import type { BaseConfig } from '@berth/config';
import type { SmsAdapterConfig } from '../src/config/sms-adapter.env';
import { ApplyReceipt } from '../src/sms/application/apply-receipt';
import { SmsQueues } from '../src/sms/infrastructure/sms-queues';
import { SmsRequestRepository } from '../src/sms/infrastructure/sms-request.repository';

const prefix = `rcpt${randomBytes(3).toString('hex')}`;
const config = {
  BERTH_DB_PREFIX: prefix, REDIS_URL: process.env.REDIS_URL!, BERTH_SMS_ATTEMPTS: 10, BERTH_SMS_RETRY_DELAY_MS: 1000,
} as unknown as BaseConfig & SmsAdapterConfig;
const address = '+4917612345678';

/** Receipts a provider reports (ProviderSinks → ApplyReceipt.receive): real store, Redis and BullMQ queue, no worker running. */
describe('a provider receipt', () => {
  let connection: mongoose.Connection;
  let redis: Redis;
  let queues: SmsQueues;
  let requests: SmsRequestRepository;
  let receipts: ApplyReceipt;

  beforeAll(async () => {
    Logger.overrideLogger(false);
    connection = await mongoose.createConnection(process.env.MONGODB_URI!, { dbName: `${prefix}_sms` }).asPromise();
    redis = new Redis(process.env.REDIS_URL!);
    queues = new SmsQueues(config);
    requests = new SmsRequestRepository(connection, redis, config);
    receipts = new ApplyReceipt(requests, queues);
    await requests.rows.insertOne({
      _id: 'r1', tenant: 't1', senderAddress: '+4915112345678', message: 'hello', createdAt: new Date(),
      deliveries: [{ address, status: 'DeliveredToNetwork', providerMessageId: 'pm-1' }, { address, status: 'MessageWaiting' }],
    });
  });

  afterAll(async () => {
    await queues.events.obliterate({ force: true }).catch(() => undefined);
    await queues.onApplicationShutdown();
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await connection.dropDatabase();
    await connection.close();
  });

  it('for a known message is applied as it arrives, without a job', async () => {
    await requests.linkProviderMessage('t1', 'pm-1', 'r1', 0, false);
    await receipts.receive('t1', { providerMessageId: 'pm-1', address, status: 'DeliveredToTerminal' });
    expect((await requests.find('r1'))!.deliveries[0]).toMatchObject({ status: 'DeliveredToTerminal', providerMessageId: 'pm-1' });
    expect(await queues.events.getJobCountByTypes('waiting', 'delayed', 'active')).toBe(0);
  });

  it('for a delivery already in its status (an earlier try applied it, then failed to queue the notification) queues the notification', async () => {
    await requests.rows.insertOne({
      _id: 'r2', tenant: 't1', senderAddress: '+4915112345678', message: 'hello', createdAt: new Date(), notifyUrl: 'https://example.com/receipts',
      deliveries: [{ address, status: 'DeliveredToTerminal', providerMessageId: 'pm-3' }],
    });
    await requests.linkProviderMessage('t1', 'pm-3', 'r2', 0, true);
    await receipts.receive('t1', { providerMessageId: 'pm-3', address, status: 'DeliveredToTerminal' });
    expect((await queues.events.getJobs(['waiting', 'delayed'])).map((j) => j.id)).toEqual(['n-r2.0']);
    await queues.events.obliterate({ force: true });
  });

  it('that overtook its submit\'s record is queued, and the queued job applies it once the record exists', async () => {
    const receipt = { providerMessageId: 'pm-2', address, status: 'DeliveredToTerminal' as const };
    await receipts.receive('t1', receipt);
    expect((await requests.find('r1'))!.deliveries[1].status).toBe('MessageWaiting');
    const jobs = await queues.events.getJobs(['waiting', 'delayed']);
    expect(jobs.map((j) => j.data)).toEqual([{ kind: 'receipt', tenant: 't1', receipt }]);

    await requests.linkProviderMessage('t1', 'pm-2', 'r1', 1, false);
    const data = jobs[0].data as { tenant: string; receipt: typeof receipt };
    await receipts.run(data.tenant, data.receipt);
    expect((await requests.find('r1'))!.deliveries[1]).toMatchObject({ status: 'DeliveredToTerminal', providerMessageId: 'pm-2' });
  });
});
