import { randomBytes } from 'node:crypto';
import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import mongoose from 'mongoose';
import type { BaseConfig } from '@berth/config';
import { OutboundPolicy } from '@berth/runtime';
import { freePort, TestSmsc } from '@berth/testing';
import type { SmsAdapterConfig } from '../src/config/sms-adapter.env';
import type { SmsProvider } from '../src/providers/sms-provider';
import { SmppProviderFactory } from '../src/providers/smpp/smpp-provider.factory';
import { ApplyReceipt, ReceiptTooEarlyError } from '../src/sms/application/apply-receipt';
import { DeliverSms } from '../src/sms/application/deliver-sms';
import type { ProviderRegistry } from '../src/sms/infrastructure/provider-registry';
import type { SmsQueues } from '../src/sms/infrastructure/sms-queues';
import { SmsRequestRepository } from '../src/sms/infrastructure/sms-request.repository';

const UNANSWERED = '4917600000001';
/** Longer than the SMPP provider's 10 s wait for an answer, so the retry still has some of it left. */
const WAIT_MS = 12_000;

/**
 * A submit whose answer never arrives (the adapter died after sending it, or the answer was lost):
 * real store, real Redis, a real SMPP session to the test SMSC, which takes submits to UNANSWERED
 * without a submit_sm_resp but sends their receipts. The receipt, naming the message by the
 * user_message_reference it was sent with, settles the delivery; only where receipts carry no
 * reference is the message sent again, after BERTH_SMS_RECEIPT_WAIT_MS.
 */
describe.each([
  { echoReferences: true, submits: 1 },
  { echoReferences: false, submits: 2 },
])('DeliverSms after an unanswered submit, receipts with references: $echoReferences', ({ echoReferences, submits }) => {
  const prefix = `unans${randomBytes(3).toString('hex')}`;
  const config = { BERTH_DB_PREFIX: prefix, BERTH_SMS_ATTEMPTS: 10, BERTH_SMS_RECEIPT_WAIT_MS: WAIT_MS } as unknown as BaseConfig & SmsAdapterConfig;
  let connection: mongoose.Connection;
  let redis: Redis;
  let smsc: TestSmsc;
  let smpp: SmsProvider;
  let requests: SmsRequestRepository;
  let deliver: DeliverSms;
  const receipts: Array<Promise<unknown>> = [];

  beforeAll(async () => {
    Logger.overrideLogger(false);
    connection = await mongoose.createConnection(process.env.MONGODB_URI!, { dbName: `${prefix}_sms` }).asPromise();
    redis = new Redis(process.env.REDIS_URL!);
    requests = new SmsRequestRepository(connection, redis, config);
    const apply = new ApplyReceipt(requests, {} as SmsQueues);
    const port = await freePort();
    smsc = new TestSmsc({ port, password: 'pw', unansweredDestinations: [UNANSWERED], echoReferences });
    await smsc.start();
    smpp = new SmppProviderFactory(new OutboundPolicy(true)).create('t1', { host: '127.0.0.1', port: String(port), systemId: 't1', password: 'pw' }, {
      inbound: async () => undefined,
      receipt: async (receipt) => { receipts.push(apply.run('t1', receipt).catch((err: unknown) => err)); },
    });
    deliver = new DeliverSms(requests, { get: async () => smpp } as unknown as ProviderRegistry, {} as SmsQueues, config);
  });

  afterAll(async () => {
    await smpp.close();
    await smsc.stop();
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await connection.dropDatabase();
    await connection.close();
  });

  it(`is sent ${submits === 1 ? 'once, settled by its receipt' : 'again once the wait is over'}`, async () => {
    await requests.rows.insertOne({ _id: 'r1', tenant: 't1', senderAddress: '+4915112345678', message: 'unanswered', deliveries: [{ address: `+${UNANSWERED}`, status: 'MessageWaiting' }], createdAt: new Date() });
    await expect(deliver.run({ requestId: 'r1', index: 0 }, 1)).rejects.toThrow('no submit_sm_resp in time');
    expect(smsc.submits).toHaveLength(1);
    await Promise.all(receipts);

    await deliver.run({ requestId: 'r1', index: 0 }, 2).catch(() => undefined);
    expect(smsc.submits).toHaveLength(submits);
    const stored = (await requests.find('r1'))!.deliveries[0];
    if (submits === 1) {
      expect(stored).toMatchObject({ status: 'DeliveredToTerminal', providerMessageId: smsc.submits[0].messageId });
    } else {
      // No receipt could name it: sent again, but only once the wait after the first submit was over.
      expect(stored.status).toBe('MessageWaiting');
      expect(smsc.submits[1].at - smsc.submits[0].at).toBeGreaterThanOrEqual(WAIT_MS);
    }
  }, 60_000);

  it('a receipt whose reference names no unsettled delivery settles nothing', async () => {
    const stray = await new ApplyReceipt(requests, {} as SmsQueues).run('t1', { providerMessageId: 'stray', address: `+${UNANSWERED}`, status: 'DeliveredToTerminal', reference: 7 }).catch((err: unknown) => err);
    expect(stray).toBeInstanceOf(ReceiptTooEarlyError);
  });
});
