import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import mongoose from 'mongoose';
import type { BaseConfig } from '@berth/config';
import { SmsRequestRepository } from '../src/sms/infrastructure/sms-request.repository';

const prefix = `flood${randomBytes(3).toString('hex')}`;
const COUNT = 300;

/**
 * An SMSC sends the receipts it kept while the adapter was away all at once, once it binds again.
 * FerretDB 1.24 wedges the database on an update command of about 100 statements, so the status
 * changes made meanwhile must reach the store in smaller commands. Real store, real Redis.
 */
describe('SmsRequestRepository under a flood of status changes', () => {
  let connection: mongoose.Connection;
  let redis: Redis;

  beforeAll(async () => {
    connection = await mongoose.createConnection(process.env.MONGODB_URI!, { dbName: `${prefix}_sms` }).asPromise();
    redis = new Redis(process.env.REDIS_URL!);
  });

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await connection.dropDatabase();
    await connection.close();
  });

  it(`applies ${COUNT} receipts arriving together, every one stored`, async () => {
    const requests = new SmsRequestRepository(connection, redis, { BERTH_DB_PREFIX: prefix } as BaseConfig);
    const ids = Array.from({ length: COUNT }, (_, i) => `flood-${i}`);
    await requests.rows.insertMany(ids.map((_id) => ({
      _id, tenant: 't1', senderAddress: '+4915112345678', message: 'm', createdAt: new Date(),
      deliveries: [{ address: '+4917612345678', status: 'DeliveredToNetwork' as const, providerMessageId: `p-${_id}` }],
    })));

    const changed = await Promise.all(ids.map((id) => requests.changeDelivery(id, 0, { status: 'DeliveredToTerminal' })));

    expect(changed.every(Boolean)).toBe(true);
    const stored = await requests.rows.find({}).toArray();
    expect(stored.filter((r) => r.deliveries[0].status === 'DeliveredToTerminal')).toHaveLength(COUNT);
  }, 60_000);
});
