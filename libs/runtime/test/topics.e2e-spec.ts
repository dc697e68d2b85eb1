import { Kafka, logLevel } from 'kafkajs';
import { dlqTopic, Topics } from '@berth/contracts';
import { testStack } from '@berth/testing';

describe('topics at start-up', () => {
  it('every platform topic and its .dlq exist once the apps are up, under the stack\'s topic prefix', async () => {
    const kafka = new Kafka({ clientId: 'topics-e2e', brokers: process.env.KAFKA_BROKERS!.split(','), logLevel: logLevel.NOTHING });
    const admin = kafka.admin();
    await admin.connect();
    try {
      const existing = new Set(await admin.listTopics());
      const expected = Object.values(Topics).flatMap((t) => [t, dlqTopic(t)]).map((t) => testStack.topic(t));
      expect(testStack.topic('')).not.toBe('');
      expect(expected.filter((t) => !existing.has(t))).toEqual([]);
    } finally {
      await admin.disconnect();
    }
  });
});
