import { ApplicationCreated } from '@berth/contracts';
import { createEnvelope } from './envelope';
import { currentWork, workContext } from './work-context';

const fields = {
  source: 'application-registry', tenantId: 't1', aggregateId: 'a1', aggregateVersion: 1,
  payload: { id: 'a1', name: 'x', type: 'HOSTED' as const, ownerTenant: 't1' },
};

describe('work context', () => {
  it('gives envelopes the correlation id, processing mode, cause and actor of the work in progress', () => {
    const e = workContext.run({ correlationId: 'req-1', processingMode: 'TRANSIENT', causationId: 'm-0', actor: 'admin' },
      () => createEnvelope(ApplicationCreated, fields));
    expect(e).toMatchObject({ correlationId: 'req-1', processingMode: 'TRANSIENT', causationId: 'm-0', actor: 'admin' });
  });

  it('lets explicit fields win over the context', () => {
    const e = workContext.run({ correlationId: 'req-1', processingMode: 'TRANSIENT' },
      () => createEnvelope(ApplicationCreated, { ...fields, correlationId: 'own', processingMode: 'QUIESCENT' }));
    expect(e).toMatchObject({ correlationId: 'own', processingMode: 'QUIESCENT' });
  });

  it('outside any work: own id as correlation id, PERSISTENT, no cause', () => {
    expect(currentWork()).toBeUndefined();
    const e = createEnvelope(ApplicationCreated, fields);
    expect(e.correlationId).toBe(e.id);
    expect(e.processingMode).toBe('PERSISTENT');
    expect(e).not.toHaveProperty('causationId');
  });
});
