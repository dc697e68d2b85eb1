import { randomBytes } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { eventually } from '@berth/testing';
import { ensureTopics, stopKafkajsIdleLoop } from '../src';

const RequestQueue = require('kafkajs/src/network/requestQueue') as {
  new (options: Record<string, unknown>): { pending: unknown[]; throttledUntil: number; throttleCheckTimeoutId: NodeJS.Timeout | null; scheduleCheckPendingRequests(): void };
  prototype: { checkPendingRequests(): void };
};

const quietLogger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const newQueue = () => new RequestQueue({ maxInFlightRequests: null, requestTimeout: 1000, enforceRequestTimeout: true, clientId: 'q', broker: 'b', logger: quietLogger });

describe('kafkajs request queues after stopKafkajsIdleLoop', () => {
  beforeAll(() => expect(stopKafkajsIdleLoop()).toBe(true));

  it('schedule a check only when requests wait or a throttle is in force', () => {
    const idle = newQueue();
    idle.scheduleCheckPendingRequests();
    expect(idle.throttleCheckTimeoutId).toBeNull();

    const throttled = newQueue();
    throttled.throttledUntil = Date.now() + 50;
    throttled.scheduleCheckPendingRequests();
    expect(throttled.throttleCheckTimeoutId).not.toBeNull();

    const waiting = newQueue();
    waiting.pending.push({});
    waiting.scheduleCheckPendingRequests();
    expect(waiting.throttleCheckTimeoutId).not.toBeNull();
    for (const q of [throttled, waiting]) clearTimeout(q.throttleCheckTimeoutId!);
  });

  it('leave an idle consumer and producer asleep, and still deliver what comes after the idle time', async () => {
    const kafka = new Kafka({ clientId: 'idle-loop-test', brokers: process.env.KAFKA_BROKERS!.split(','), logLevel: logLevel.NOTHING });
    const topic = `itest.idle${randomBytes(4).toString('hex')}.v1`;
    await ensureTopics(kafka, [topic]);
    const producer = kafka.producer();
    const consumer = kafka.consumer({ groupId: `idle-loop-${randomBytes(4).toString('hex')}` });
    const received: string[] = [];
    const checkPendingRequests = RequestQueue.prototype.checkPendingRequests;
    let checks = 0;
    RequestQueue.prototype.checkPendingRequests = function (this: unknown) {
      checks++;
      return checkPendingRequests.call(this);
    };
    try {
      await producer.connect();
      await consumer.connect();
      await consumer.subscribe({ topic, fromBeginning: true });
      await consumer.run({ eachMessage: async ({ message }) => { received.push(String(message.value)); } });
      await producer.send({ topic, messages: [{ value: 'before' }] });
      await eventually(() => received, (seen) => seen.includes('before'), { timeoutMs: 30_000, what: 'the first message' });
      checks = 0;
      // The idle time is what is measured here, so it is a fixed one.
      await new Promise((r) => setTimeout(r, 2000));
      // Without the fix each connection checks its queue about every millisecond: thousands in 2 s.
      expect(checks).toBeLessThan(100);
      await producer.send({ topic, messages: [{ value: 'after' }] });
      await eventually(() => received, (seen) => seen.includes('after'), { timeoutMs: 30_000, what: 'the message after the idle time' });
    } finally {
      RequestQueue.prototype.checkPendingRequests = checkPendingRequests;
      await consumer.disconnect();
      await producer.disconnect();
    }
  }, 60_000);
});
