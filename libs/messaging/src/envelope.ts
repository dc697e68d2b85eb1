import type { Contract, ProcessingMode } from '@berth/contracts';
import { uuidv7 } from './uuidv7';

/** The envelope of every Kafka message (DESIGN.md section 3). */
export interface Envelope<TPayload = unknown> {
  id: string;
  type: string;
  version: number;
  source: string;
  time: string;
  tenantId: string;
  aggregateId: string;
  aggregateVersion: number;
  correlationId: string;
  causationId?: string;
  actor?: string;
  processingMode: ProcessingMode;
  payload: TPayload;
}

export interface EnvelopeFields<TPayload> {
  source: string;
  tenantId: string;
  aggregateId: string;
  aggregateVersion: number;
  payload: TPayload;
  correlationId?: string;
  causationId?: string;
  actor?: string;
  processingMode?: ProcessingMode;
}

/** A new envelope for `contract`, with a fresh UUIDv7 id; the correlation id defaults to that id. */
export function createEnvelope<TPayload>(contract: Contract<TPayload>, fields: EnvelopeFields<TPayload>): Envelope<TPayload> {
  const id = uuidv7();
  return {
    id,
    type: contract.type,
    version: contract.version,
    source: fields.source,
    time: new Date().toISOString(),
    tenantId: fields.tenantId,
    aggregateId: fields.aggregateId,
    aggregateVersion: fields.aggregateVersion,
    correlationId: fields.correlationId ?? id,
    ...(fields.causationId ? { causationId: fields.causationId } : {}),
    ...(fields.actor ? { actor: fields.actor } : {}),
    processingMode: fields.processingMode ?? 'PERSISTENT',
    payload: fields.payload,
  };
}
