import type { Admin, Kafka } from 'kafkajs';
import { appTopic, brokerTopic } from '@berth/messaging';

/**
 * The lag of one consumer group: per topic, the messages past the group's committed offsets
 * (from a partition's first message when the group has committed none). Read with the admin
 * client at most once per `ttlMs`; concurrent reads share one lookup. A failed lookup rejects
 * and drops the admin connection, so the next read starts afresh.
 */
export class ConsumerLag {
  private admin?: Admin;
  private last?: { at: number; lag: Promise<Record<string, number>> };

  constructor(private readonly kafka: Kafka, readonly groupId: string, readonly topics: string[], private readonly ttlMs = 5000) {}

  read(now = Date.now()): Promise<Record<string, number>> {
    if (!this.last || now - this.last.at >= this.ttlMs) {
      const lag = this.lookup();
      this.last = { at: now, lag };
      lag.catch(() => {
        if (this.last?.lag === lag) this.last = undefined;
      });
    }
    return this.last.lag;
  }

  async close(): Promise<void> {
    const admin = this.admin;
    this.admin = undefined;
    await admin?.disconnect().catch(() => undefined);
  }

  private async lookup(): Promise<Record<string, number>> {
    try {
      if (!this.admin) {
        const admin = this.kafka.admin({ retry: { retries: 0 } });
        await admin.connect();
        this.admin = admin;
      }
      const committed = await this.admin.fetchOffsets({ groupId: this.groupId, topics: this.topics.map(brokerTopic) });
      const lag: Record<string, number> = {};
      for (const { topic, partitions } of committed) {
        const ends = new Map((await this.admin.fetchTopicOffsets(topic)).map((p) => [p.partition, p]));
        lag[appTopic(topic)] = partitions.reduce((sum, { partition, offset }) => {
          const end = ends.get(partition);
          if (!end) return sum;
          const from = Number(offset) >= 0 ? Number(offset) : Number(end.low);
          return sum + Math.max(0, Number(end.high) - from);
        }, 0);
      }
      return lag;
    } catch (err) {
      await this.close();
      throw err;
    }
  }
}
