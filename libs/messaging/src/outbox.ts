import type { Envelope } from './envelope';
import { KafkaRecord, toRecord } from './kafka-record';

/** The array field of an aggregate document that holds its unpublished messages. */
export const OUTBOX_FIELD = '_outbox';

type Update = Record<string, Record<string, unknown> | undefined>;

/**
 * Adds the envelopes to a single-document update as outbox entries, so that the aggregate's
 * change and its messages are written by one atomic `updateOne` (no transaction needed, which
 * FerretDB lacks). The relay publishes them later, in order, and removes them.
 */
export function withOutbox<U extends Update>(update: U, topic: string, envelopes: Envelope[]): U {
  const entries = envelopes.map((e) => toRecord(topic, e));
  const push = { ...(update.$push ?? {}), [OUTBOX_FIELD]: { $each: entries } };
  return { ...update, $push: push };
}

/** The outbox field of a document being inserted. */
export function outboxFor(topic: string, envelopes: Envelope[]): { [OUTBOX_FIELD]: KafkaRecord[] } {
  return { [OUTBOX_FIELD]: envelopes.map((e) => toRecord(topic, e)) };
}
