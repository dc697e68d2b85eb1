import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { ConsumerLag } from '../src/metrics/consumer-lag';

describe('consumer lag for /metrics', () => {
  const kafka = new Kafka({ clientId: 'lag-int', brokers: process.env.KAFKA_BROKERS!.split(','), logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  const producer = kafka.producer();
  const topic = `lag-int-${randomUUID()}`;
  const groupId = `lag-int-${randomUUID()}`;

  beforeAll(async () => {
    await Promise.all([admin.connect(), producer.connect()]);
    await admin.createTopics({ topics: [{ topic, numPartitions: 2 }], waitForLeaders: true });
  });
  afterAll(async () => {
    await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
    await Promise.all([admin.disconnect(), producer.disconnect()]);
  });

  const send = (partition: number, n: number) =>
    producer.send({ topic, messages: Array.from({ length: n }, (_, i) => ({ partition, value: `m${i}` })) });

  it('counts messages past the group\'s committed offsets, and from the start where it committed none', async () => {
    await send(0, 5);
    await send(1, 2);
    await admin.setOffsets({ groupId, topic, partitions: [{ partition: 0, offset: '3' }] });
    const lag = new ConsumerLag(kafka, groupId, [topic], 5000);
    try {
      expect(await lag.read(1000)).toEqual({ [topic]: 4 });
      await send(0, 1);
      expect(await lag.read(2000)).toEqual({ [topic]: 4 });
      expect(await lag.read(6000)).toEqual({ [topic]: 5 });
    } finally {
      await lag.close();
    }
  });
});
