import type { Contract, ProcessingMode } from '@berth/contracts';
import { uuidv7 } from './uuidv7';
import { currentWork } from './work-context';

/** The envelope of every Kafka message (docs/architecture.md). */
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

/**
 * A new envelope for `contract`, with a fresh UUIDv7 id. Correlation id, processing mode,
 * causation id and actor default to those of the work in progress (the request or message being
 * handled); outside any, the correlation id is the envelope's own id and the mode PERSISTENT.
 */
export function createEnvelope<TPayload>(contract: Contract<TPayload>, fields: EnvelopeFields<TPayload>): Envelope<TPayload> {
  const id = uuidv7();
  const work = currentWork();
  const causationId = fields.causationId ?? work?.causationId;
  const actor = fields.actor ?? work?.actor;
  return {
    id,
    type: contract.type,
    version: contract.version,
    source: fields.source,
    time: new Date().toISOString(),
    tenantId: fields.tenantId,
    aggregateId: fields.aggregateId,
    aggregateVersion: fields.aggregateVersion,
    correlationId: fields.correlationId ?? work?.correlationId ?? id,
    ...(causationId ? { causationId } : {}),
    ...(actor ? { actor } : {}),
    processingMode: fields.processingMode ?? work?.processingMode ?? 'PERSISTENT',
    payload: fields.payload,
  };
}
