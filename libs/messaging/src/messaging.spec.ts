import { ApplicationCreated } from '@berth/contracts';
import { backoffDelay } from './backoff';
import { createEnvelope } from './envelope';
import { once } from './inbox-guard';
import { fromMessage, toRecord } from './kafka-record';
import { outboxFor, withOutbox } from './outbox';
import { isDuplicateKey } from './store-limits';
import { uuidv7 } from './uuidv7';

const payload = { id: 'a1', name: 'cockpit', type: 'HOSTED' as const, ownerTenant: 'management' };
const envelope = () => createEnvelope(ApplicationCreated, {
  source: 'application-registry', tenantId: 'management', aggregateId: 'a1', aggregateVersion: 1, payload,
});

describe('uuidv7', () => {
  it('has the version and variant bits and sorts by creation', () => {
    const ids = Array.from({ length: 2000 }, () => uuidv7());
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('starts with the millisecond timestamp', () => {
    const id = uuidv7(Date.UTC(2026, 0, 1) + 5000);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBeGreaterThanOrEqual(Date.UTC(2026, 0, 1) + 5000);
  });
});

describe('envelope and record', () => {
  it('carries every envelope field, correlation defaulting to the id', () => {
    const e = envelope();
    expect(e).toMatchObject({ type: 'ApplicationCreated', version: 1, source: 'application-registry', tenantId: 'management',
      aggregateId: 'a1', aggregateVersion: 1, processingMode: 'PERSISTENT', payload, correlationId: e.id });
    expect(new Date(e.time).toISOString()).toBe(e.time);
  });

  it('keys the record by aggregate and repeats id, type, version and correlation id as headers', () => {
    const e = envelope();
    const r = toRecord('registry.application.v1', e);
    expect(r).toMatchObject({ id: e.id, key: 'a1', topic: 'registry.application.v1' });
    expect(r.headers).toEqual({ id: e.id, type: 'ApplicationCreated', version: '1', correlationId: e.id });
    expect(fromMessage({ value: Buffer.from(r.value) } as never)).toEqual(e);
  });
});

describe('outbox and inbox guard', () => {
  it('adds outbox entries to the same update, keeping other $push fields', () => {
    const e = envelope();
    const update = withOutbox({ $set: { name: 'x' }, $push: { tags: 't' } }, 'registry.application.v1', [e]);
    expect(update.$set).toEqual({ name: 'x' });
    expect(update.$push).toMatchObject({ tags: 't', _outbox: { $each: [expect.objectContaining({ id: e.id })] } });
    expect(outboxFor('t', [e])._outbox).toHaveLength(1);
  });

  it('guards a write by message id and records the id in the same update', () => {
    const { filter, update } = once({ _id: 'c' }, { $inc: { n: 1 } }, 'm1');
    expect(filter).toEqual({ _id: 'c', _inbox: { $ne: 'm1' } });
    expect(update).toEqual({ $inc: { n: 1 }, $push: { _inbox: { $each: ['m1'], $slice: -1000 } } });
  });
});

describe('backoffDelay', () => {
  it('doubles up to the maximum, with jitter in the upper half', () => {
    expect(backoffDelay(1, 100, 5000, () => 0)).toBe(50);
    expect(backoffDelay(1, 100, 5000, () => 1)).toBe(100);
    expect(backoffDelay(4, 100, 5000, () => 1)).toBe(800);
    expect(backoffDelay(20, 100, 5000, () => 1)).toBe(5000);
  });
});

describe('isDuplicateKey', () => {
  it('recognises MongoDB\'s code 11000 and FerretDB\'s unique constraint failure on update', () => {
    expect(isDuplicateKey({ code: 11000 })).toBe(true);
    expect(isDuplicateKey(new Error("constraint failed: UNIQUE constraint failed: index 'a_name_unique' (2067)"))).toBe(true);
    expect(isDuplicateKey(new Error('connection closed'))).toBe(false);
    expect(isDuplicateKey(undefined)).toBe(false);
  });
});
