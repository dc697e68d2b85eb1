import { Kafka, Message, Partitioners, Producer, RecordMetadata } from 'kafkajs';
import type { Envelope } from './envelope';
import { KafkaRecord, toRecord } from './kafka-record';
import { Positions, positionKey } from './positions';
import { brokerTopic } from './topic-namespace';
import { currentWork } from './work-context';

/**
 * An idempotent Kafka producer (acks from all in-sync replicas, one request in flight so order
 * per partition holds). `send` resolves once the broker has acknowledged every record, with the
 * records' positions; a send made while a request is handled is counted among the request's
 * publications, which its answer reports (docs/consistency.md).
 */
export class Publisher {
  private readonly producer: Producer;
  private connected?: Promise<void>;
  /** The partition kafkajs' default partitioner chose for each message object being sent. */
  private readonly chosen = new WeakMap<Message, number>();

  constructor(kafka: Kafka) {
    const chosen = this.chosen;
    this.producer = kafka.producer({
      idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false,
      createPartitioner: () => {
        const partition = Partitioners.DefaultPartitioner();
        return (args) => {
          const p = partition(args);
          chosen.set(args.message, p);
          return p;
        };
      },
    });
  }

  connect(): Promise<void> {
    return (this.connected ??= this.producer.connect());
  }

  send(records: KafkaRecord[]): Promise<Positions> {
    const sent = this.sendNow(records);
    const publications = currentWork()?.publications;
    if (publications) publications.push(sent.catch(() => undefined));
    return sent;
  }

  publish(topic: string, envelope: Envelope): Promise<Positions> {
    return this.send([toRecord(topic, envelope)]);
  }

  async disconnect(): Promise<void> {
    if (this.connected) await this.producer.disconnect();
    this.connected = undefined;
  }

  private async sendNow(records: KafkaRecord[]): Promise<Positions> {
    if (records.length === 0) return new Map();
    await this.connect();
    const byTopic = new Map<string, Message[]>();
    for (const r of records) {
      const topic = brokerTopic(r.topic);
      byTopic.set(topic, [...(byTopic.get(topic) ?? []), { key: r.key, value: r.value, headers: r.headers }]);
    }
    const answers = await this.producer.sendBatch({ acks: -1, topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })) });
    return this.positions(byTopic, answers);
  }

  /** Each partition's last offset written: its base offset plus the messages sent to it, less one. */
  private positions(byTopic: Map<string, Message[]>, answers: RecordMetadata[]): Positions {
    const counts = new Map<string, number>();
    for (const [topic, messages] of byTopic) {
      for (const message of messages) {
        const key = positionKey(topic, this.chosen.get(message) ?? -1);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    }
    const positions: Positions = new Map();
    for (const answer of answers) {
      const key = positionKey(answer.topicName, answer.partition);
      const base = answer.baseOffset ?? answer.offset;
      const count = counts.get(key);
      if (base !== undefined && count !== undefined) positions.set(key, Number(base) + count - 1);
    }
    return positions;
  }
}
