import type { Kafka } from 'kafkajs';
import { dlqTopic } from '@berth/contracts';

export interface TopicOptions { partitions?: number; replicationFactor?: number; withDlq?: boolean }

/**
 * Creates the topics (and their `.dlq` topics) that do not exist yet; safe to call from every
 * app at every start-up. Resolves when each has a leader.
 */
export async function ensureTopics(kafka: Kafka, topics: string[], options: TopicOptions = {}): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const wanted = [...new Set(topics.flatMap((t) => (options.withDlq === false ? [t] : [t, dlqTopic(t)])))];
    const existing = new Set(await admin.listTopics());
    const missing = wanted.filter((t) => !existing.has(t));
    if (missing.length === 0) return;
    await admin.createTopics({
      waitForLeaders: true,
      topics: missing.map((topic) => ({
        topic, numPartitions: options.partitions ?? 3, replicationFactor: options.replicationFactor ?? 1,
      })),
    });
  } finally {
    await admin.disconnect();
  }
}
