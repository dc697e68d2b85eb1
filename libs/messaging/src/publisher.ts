import type { Kafka, Producer } from 'kafkajs';
import type { Envelope } from './envelope';
import { KafkaRecord, toRecord } from './kafka-record';
import { brokerTopic } from './topic-namespace';

/**
 * An idempotent Kafka producer (acks from all in-sync replicas, one request in flight so order
 * per partition holds). `send` resolves once the broker has acknowledged every record.
 */
export class Publisher {
  private readonly producer: Producer;
  private connected?: Promise<void>;

  constructor(kafka: Kafka) {
    this.producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false });
  }

  connect(): Promise<void> {
    return (this.connected ??= this.producer.connect());
  }

  async send(records: KafkaRecord[]): Promise<void> {
    if (records.length === 0) return;
    await this.connect();
    const byTopic = new Map<string, KafkaRecord[]>();
    for (const r of records) byTopic.set(r.topic, [...(byTopic.get(r.topic) ?? []), r]);
    await this.producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, rs]) => ({
        topic: brokerTopic(topic), messages: rs.map((r) => ({ key: r.key, value: r.value, headers: r.headers })),
      })),
    });
  }

  publish(topic: string, envelope: Envelope): Promise<void> {
    return this.send([toRecord(topic, envelope)]);
  }

  async disconnect(): Promise<void> {
    if (this.connected) await this.producer.disconnect();
    this.connected = undefined;
  }
}
