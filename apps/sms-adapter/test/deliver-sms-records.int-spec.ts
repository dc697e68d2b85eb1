import { randomBytes } from 'node:crypto';
import { connect, createServer, Socket } from 'node:net';
import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import mongoose from 'mongoose';
import type { SmsAdapterConfig } from '../src/config/sms-adapter.env';
import { SmppProviderFactory } from '../src/providers/smpp/smpp-provider.factory';
import { DeliverSms } from '../src/sms/application/deliver-sms';
import type { ProviderRegistry } from '../src/sms/infrastructure/provider-registry';
import type { SmsQueues } from '../src/sms/infrastructure/sms-queues';
import { SmsRequestRepository } from '../src/sms/infrastructure/sms-request.repository';
import type { BaseConfig } from '@berth/config';
import { OutboundPolicy } from '@berth/runtime';
import { freePort, TestSmsc } from '@berth/testing';

/**
 * A TCP relay to the real Redis that goes away (closes its connections and its port) once it has
 * passed `replies` answers back: Redis out of reach from that moment on.
 */
async function vanishingRedis(replies: number): Promise<{ port: number; close: () => void }> {
  const target = new URL(process.env.REDIS_URL!);
  const sockets = new Set<Socket>();
  let passed = 0;
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    for (const s of [client, upstream]) { sockets.add(s); s.on('error', () => undefined); }
    client.pipe(upstream);
    upstream.on('data', (data) => {
      client.write(data);
      if (++passed >= replies) close();
    });
  });
  const close = () => { server.close(); for (const s of sockets) s.destroy(); };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, close };
}

const prefix = `drec${randomBytes(3).toString('hex')}`;
const config = { BERTH_DB_PREFIX: prefix, BERTH_SMS_ATTEMPTS: 10 } as unknown as BaseConfig & SmsAdapterConfig;

/**
 * The fault run sent an SMS twice with Redis stopped: the provider accepted it, noting that in
 * Redis failed, and the retry sent it again. Real store, real SMSC, the real Redis behind a relay
 * that goes away after the delivery's first Redis answer (its "already sent?" look-up), then the
 * real Redis directly (Redis back).
 */
describe('DeliverSms with Redis going out of reach while the provider accepts', () => {
  let connection: mongoose.Connection;
  let smsc: TestSmsc;
  let relay: { port: number; close: () => void };
  let redisDown: Redis;
  let redisUp: Redis;
  const provider = new SmppProviderFactory(new OutboundPolicy(true));
  let smpp: ReturnType<SmppProviderFactory['create']>;

  beforeAll(async () => {
    Logger.overrideLogger(false);
    connection = await mongoose.createConnection(process.env.MONGODB_URI!, { dbName: `${prefix}_sms` }).asPromise();
    const smscPort = await freePort();
    smsc = new TestSmsc({ port: smscPort, password: 'pw' });
    await smsc.start();
    smpp = provider.create('t1', { host: '127.0.0.1', port: String(smscPort), systemId: 't1', password: 'pw' }, { inbound: async () => undefined, receipt: async () => undefined });
    relay = await vanishingRedis(1);
    redisDown = new Redis({ host: '127.0.0.1', port: relay.port, maxRetriesPerRequest: 0, enableOfflineQueue: false, enableReadyCheck: false, disableClientInfo: true, retryStrategy: () => 1000 });
    redisDown.on('error', () => undefined);
    await new Promise((resolve) => redisDown.once('ready', resolve));
    redisUp = new Redis(process.env.REDIS_URL!);
  });

  afterAll(async () => {
    await smpp.close();
    await smsc.stop();
    redisDown.disconnect();
    relay.close();
    const keys = await redisUp.keys(`${prefix}:*`);
    if (keys.length) await redisUp.del(...keys);
    redisUp.disconnect();
    await connection.dropDatabase();
    await connection.close();
  });

  const deliverWith = (redis: Redis) => {
    const requests = new SmsRequestRepository(connection, redis, config);
    const providers = { get: async () => smpp } as unknown as ProviderRegistry;
    return { requests, deliver: new DeliverSms(requests, providers, {} as SmsQueues, config) };
  };

  it('sends once: the store keeps the acceptance, and the retry with Redis back only completes the Redis note', async () => {
    const down = deliverWith(redisDown);
    await down.requests.rows.insertOne({ _id: 'r1', tenant: 't1', senderAddress: '+4915112345678', message: 'once only', deliveries: [{ address: '+4917612345678', status: 'MessageWaiting' }], createdAt: new Date() });
    await expect(down.deliver.run({ requestId: 'r1', index: 0 }, 1)).rejects.toThrow();
    expect(smsc.submits.filter((s) => s.text === 'once only')).toHaveLength(1);
    const up = deliverWith(redisUp);
    await up.deliver.run({ requestId: 'r1', index: 0 }, 2);

    expect(smsc.submits.filter((s) => s.text === 'once only')).toHaveLength(1);
    const stored = (await up.requests.find('r1'))!.deliveries[0];
    expect(stored).toMatchObject({ status: 'DeliveredToNetwork', providerMessageId: smsc.submits[0].messageId });
    expect((await up.requests.progress('r1', 0)).sentAs).toBe(smsc.submits[0].messageId);
  });
});
