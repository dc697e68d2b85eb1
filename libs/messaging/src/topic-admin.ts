import type { Admin, Kafka } from 'kafkajs';
import { dlqTopic } from '@berth/contracts';
import { sleep } from './backoff';
import { brokerTopic } from './topic-namespace';

export interface TopicOptions { partitions?: number; replicationFactor?: number; withDlq?: boolean; timeoutMs?: number }

/** A topic that existed already with fewer partitions or replicas than `ensureTopics` was asked for. */
export interface TopicShortfall { topic: string; partitions: number; replicationFactor: number }

/** The layout of topics created when none is given: what the local one-broker stack wants. */
export const DEFAULT_TOPIC_LAYOUT = { partitions: 3, replicationFactor: 1 } as const;

/**
 * Creates the topics (and their `.dlq` topics) that do not exist yet; safe to call from every
 * app at every start-up. Resolves when each has a leader, with the topics that existed already
 * with fewer partitions or replicas than asked for. Names are translated by brokerTopic.
 *
 * Existing topics are never changed. More partitions would move keys to other partitions, so a
 * newer event of an aggregate could be handled before an older one still waiting on its old
 * partition; and a topic's replication factor is changed by reassigning its partitions, which is
 * the broker operator's task. The caller logs the shortfall; docs/operations/index.md tells how to grow topics.
 */
export async function ensureTopics(kafka: Kafka, topics: string[], options: TopicOptions = {}): Promise<TopicShortfall[]> {
  const partitions = options.partitions ?? DEFAULT_TOPIC_LAYOUT.partitions;
  const replicationFactor = options.replicationFactor ?? DEFAULT_TOPIC_LAYOUT.replicationFactor;
  const admin = kafka.admin();
  await admin.connect();
  try {
    const wanted = [...new Set(topics.flatMap((t) => (options.withDlq === false ? [t] : [t, dlqTopic(t)])))].map(brokerTopic);
    const existing = new Set(await admin.listTopics());
    const missing = wanted.filter((t) => !existing.has(t));
    const present = wanted.filter((t) => existing.has(t));
    const shortfalls = present.length === 0 ? [] : (await admin.fetchTopicMetadata({ topics: present })).topics
      .map((t) => ({ topic: t.name, partitions: t.partitions.length, replicationFactor: Math.min(...t.partitions.map((p) => p.replicas.length)) }))
      .filter((t) => t.partitions < partitions || t.replicationFactor < replicationFactor);
    if (missing.length === 0) return shortfalls;
    // kafkajs's own waitForLeaders can throw outside the returned promise; this waits instead.
    await admin.createTopics({
      waitForLeaders: false,
      topics: missing.map((topic) => ({ topic, numPartitions: partitions, replicationFactor })),
    });
    await waitForLeaders(admin, missing, options.timeoutMs ?? 30_000);
    return shortfalls;
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
