import type { KafkaMessage } from 'kafkajs';
import type { Envelope } from './envelope';

/** What is stored in an outbox entry and sent to Kafka: topic, key, JSON value and headers. */
export interface KafkaRecord {
  id: string;
  topic: string;
  key: string;
  value: string;
  headers: Record<string, string>;
}

/** The record of an envelope: key = aggregate id; `id`, `type`, `version`, `correlationId` also as headers. */
export function toRecord(topic: string, envelope: Envelope): KafkaRecord {
  return {
    id: envelope.id,
    topic,
    key: envelope.aggregateId,
    value: JSON.stringify(envelope),
    headers: {
      id: envelope.id, type: envelope.type, version: String(envelope.version), correlationId: envelope.correlationId,
    },
  };
}

/** The envelope of a consumed message. @throws SyntaxError when the value is not JSON. */
export function fromMessage<T = unknown>(message: KafkaMessage): Envelope<T> {
  if (!message.value) throw new SyntaxError('message has no value');
  return JSON.parse(message.value.toString('utf8')) as Envelope<T>;
}
