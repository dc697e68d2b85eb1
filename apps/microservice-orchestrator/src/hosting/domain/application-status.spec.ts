import { applicationStatus } from './application-status';
import type { DeploymentDocument, InstanceState } from './deployment';

const instance = (healthy: boolean, n = 1): InstanceState => ({ id: `c${n}`, name: `hello-${n}`, endpoint: 'http://127.0.0.1:1', healthy, failures: 0, startedAt: '2026-01-01T00:00:00.000Z' });
const deployment = (instances: InstanceState[], extra: Partial<DeploymentDocument> = {}): DeploymentDocument => ({
  _id: '1', applicationId: '1', name: 'hello', ownerTenant: 'management', isolation: 'MULTI_TENANT', version: '1.0.0', binaryId: 'b',
  replicas: 1, resources: { cpu: '0.5', memory: '512M' }, probes: { readiness: { httpGet: { path: '/health', port: 80 }, initialDelaySeconds: 0, periodSeconds: 5, timeoutSeconds: 2, failureThreshold: 3 } },
  tenants: ['t1'], revision: 'r', instances, restarts: 0, stages: [], ...extra,
});

describe('applicationStatus', () => {
  it('is Unknown with nothing deployed, Down without a healthy instance, Up with all healthy', () => {
    expect(applicationStatus('1', []).status).toBe('Unknown');
    expect(applicationStatus('1', [deployment([])]).status).toBe('Down');
    expect(applicationStatus('1', [deployment([instance(false)])]).status).toBe('Down');
    expect(applicationStatus('1', [deployment([instance(true)])])).toMatchObject({ status: 'Up', version: '1.0.0', restarts: 0, instances: [{ name: 'hello-1', healthy: true }] });
  });

  it('is Unhealthy when some replicas are healthy, sums restarts and names the latest failure', () => {
    const status = applicationStatus('1', [
      deployment([instance(true, 1), instance(false, 2)], { replicas: 2, restarts: 2, lastFailure: { at: '2026-01-01T00:00:01.000Z', reason: 'old' } }),
      deployment([instance(true, 3)], { _id: '1/t2', tenant: 't2', restarts: 1, lastFailure: { at: '2026-01-01T00:00:02.000Z', reason: 'new' } }),
    ]);
    expect(status).toMatchObject({ status: 'Unhealthy', restarts: 3, lastFailure: { reason: 'new' } });
    expect(status.instances[2]).toMatchObject({ tenant: 't2' });
  });

  it('is Failed when a deployment cannot run, and names the pending restart and the stages in order', () => {
    const failed = applicationStatus('1', [deployment([], { failed: true, lastFailure: { at: '2026-01-01T00:00:01.000Z', reason: 'image.tar broken' } })]);
    expect(failed).toMatchObject({ status: 'Failed', lastFailure: { reason: 'image.tar broken' } });
    const waiting = applicationStatus('1', [deployment([], {
      retryAt: '2026-01-01T00:01:00.000Z',
      stages: [{ stage: 'InstanceExited', at: '2026-01-01T00:00:02.000Z' }, { stage: 'Desired', at: '2026-01-01T00:00:01.000Z' }],
    })], Date.parse('2026-01-01T00:00:30.000Z'));
    expect(waiting).toMatchObject({ status: 'Down', nextRestartAt: '2026-01-01T00:01:00.000Z' });
    expect(waiting.stages.map((s) => s.stage)).toEqual(['Desired', 'InstanceExited']);
  });

  it('judges an update on the outgoing version until the switch, lists both versions\' instances with the reason of one not healthy, and shows the rollback', () => {
    const probes = deployment([]).probes;
    const starting = deployment([{ ...instance(false, 2), reason: 'GET /health answered 503: {"status":"DOWN"}' }], {
      version: '1.0.1', revision: 'r2',
      outgoing: { revision: 'r', version: '1.0.0', binaryId: 'b', replicas: 1, probes, instances: [instance(true, 1)], since: '2026-01-01T00:00:05.000Z', restartsBefore: 0 },
    });
    const status = applicationStatus('1', [starting]);
    expect(status).toMatchObject({ status: 'Up', version: '1.0.0', rollout: { from: '1.0.0', to: '1.0.1', since: '2026-01-01T00:00:05.000Z' } });
    expect(status.instances).toEqual([
      { name: 'hello-2', healthy: false, startedAt: '2026-01-01T00:00:00.000Z', version: '1.0.1', reason: 'GET /health answered 503: {"status":"DOWN"}' },
      { name: 'hello-1', healthy: true, startedAt: '2026-01-01T00:00:00.000Z', version: '1.0.0' },
    ]);
    const switched = { ...starting, instances: [instance(true, 2)], outgoing: { ...starting.outgoing!, switchedAt: '2026-01-01T00:00:09.000Z' } };
    expect(applicationStatus('1', [switched])).toMatchObject({ status: 'Up', version: '1.0.1', rollout: { switchedAt: '2026-01-01T00:00:09.000Z' } });

    const rollback = { revision: 'r2', from: '1.0.1', to: '1.0.0', at: '2026-01-01T00:00:20.000Z', reason: 'version 1.0.1 restarted 3 times', activation: 'pending' as const };
    const rolledBack = applicationStatus('1', [{ ...starting, instances: [], failed: true, rollback }]);
    expect(rolledBack).toMatchObject({ status: 'Up', version: '1.0.0', rollback: { from: '1.0.1', to: '1.0.0', reason: 'version 1.0.1 restarted 3 times', activation: 'pending' } });
    expect(rolledBack.rollout).toBeUndefined();
    expect(applicationStatus('1', [deployment([instance(true)], { rollback: { ...rollback, activation: 'activated' } })])).toMatchObject({ status: 'Up', version: '1.0.0', rollback: { activation: 'activated' } });
  });
});
