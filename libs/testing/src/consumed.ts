import { Kafka, logLevel } from 'kafkajs';
import { eventually } from './eventually';
import { testStack } from './stack-env';

/**
 * A barrier before asserting that something did NOT happen in reaction to messages: waits until the
 * consumer group of the stack's `app` has handled and committed every message on `topics` (names as in
 * `Topics`) up to where those topics end now. Whatever those messages make the app do is done by then.
 */
export async function consumedBy(app: string, topics: readonly string[], timeoutMs = 30_000): Promise<void> {
  const kafka = new Kafka({ clientId: 'berth-test-barrier', brokers: (process.env.KAFKA_BROKERS ?? '').split(','), logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  try {
    const groupId = `${testStack.dbPrefix}.${app}`;
    const names = topics.map((t) => testStack.topic(t));
    const ends = new Map<string, bigint>();
    for (const topic of names) for (const p of await admin.fetchTopicOffsets(topic)) ends.set(`${topic}#${p.partition}`, BigInt(p.high));
    const behind = async () => {
      const committed = new Map<string, bigint>();
      for (const { topic, partitions } of await admin.fetchOffsets({ groupId, topics: names })) {
        for (const p of partitions) committed.set(`${topic}#${p.partition}`, BigInt(p.offset));
      }
      return [...ends].filter(([key, end]) => (committed.get(key) ?? -1n) < end && end > 0n).map(([key, end]) => `${key}: ${committed.get(key) ?? -1n} of ${end}`);
    };
    await eventually(behind, (lagging) => lagging.length === 0, { timeoutMs, intervalMs: 100, what: `group ${groupId} has committed ${names.join(', ')} to their current end` });
  } finally {
    await admin.disconnect();
  }
}
