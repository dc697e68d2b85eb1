import type { Admin, Kafka } from 'kafkajs';
import { dlqTopic } from '@berth/contracts';
import { sleep } from './backoff';
import { brokerTopic } from './topic-namespace';

export interface TopicOptions { partitions?: number; replicationFactor?: number; withDlq?: boolean; timeoutMs?: number }

/**
 * Creates the topics (and their `.dlq` topics) that do not exist yet; safe to call from every
 * app at every start-up. Resolves when each has a leader. Names are translated by brokerTopic.
 */
export async function ensureTopics(kafka: Kafka, topics: string[], options: TopicOptions = {}): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const wanted = [...new Set(topics.flatMap((t) => (options.withDlq === false ? [t] : [t, dlqTopic(t)])))].map(brokerTopic);
    const existing = new Set(await admin.listTopics());
    const missing = wanted.filter((t) => !existing.has(t));
    if (missing.length === 0) return;
    // kafkajs's own waitForLeaders can throw outside the returned promise; this waits instead.
    await admin.createTopics({
      waitForLeaders: false,
      topics: missing.map((topic) => ({
        topic, numPartitions: options.partitions ?? 3, replicationFactor: options.replicationFactor ?? 1,
      })),
    });
    await waitForLeaders(admin, missing, options.timeoutMs ?? 30_000);
  } finally {
    await admin.disconnect();
  }
}

async function waitForLeaders(admin: Admin, topics: string[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ready = await admin.fetchTopicMetadata({ topics })
      .then(({ topics: meta }) => meta.every((t) => t.partitions.length > 0 && t.partitions.every((p) => p.leader >= 0)))
      .catch(() => false);
    if (ready) return;
    if (Date.now() > deadline) throw new Error(`topics have no leader after ${timeoutMs} ms: ${topics.join(', ')}`);
    await sleep(100);
  }
}
