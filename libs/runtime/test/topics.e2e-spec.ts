import { Kafka, logLevel } from 'kafkajs';
import { dlqTopic, Topics } from '@berth/contracts';

describe('topics at start-up', () => {
  it('every platform topic and its .dlq exist once the apps are up', async () => {
    const kafka = new Kafka({ clientId: 'topics-e2e', brokers: process.env.KAFKA_BROKERS!.split(','), logLevel: logLevel.NOTHING });
    const admin = kafka.admin();
    await admin.connect();
    try {
      const existing = new Set(await admin.listTopics());
      const expected = Object.values(Topics).flatMap((t) => [t, dlqTopic(t)]);
      expect(expected.filter((t) => !existing.has(t))).toEqual([]);
    } finally {
      await admin.disconnect();
    }
  });
});
