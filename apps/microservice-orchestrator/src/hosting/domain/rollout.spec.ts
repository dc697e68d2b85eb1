import type { DeploymentDocument, DeploymentSpec, InstanceState, OutgoingRevision } from './deployment';
import { probesOf } from './probes';
import { abandoned, changeOfRevision, readinessDeadlineMs, routedInstances, rolloutStep, RolloutRules } from './rollout';

const T0 = Date.parse('2026-01-01T00:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();
const instance = (id: string, healthy: boolean, startedMs = 0, reason?: string): InstanceState => ({
  id, name: `hello-${id}`, endpoint: `http://127.0.0.1:${id.length}`, healthy, failures: 0, startedAt: at(startedMs), ...(reason ? { reason } : {}),
});
// Readiness: every 2 s, 3 failures, 2 s timeout: an instance has 8 s to become ready.
const probes = probesOf({ readinessProbe: { httpGet: { path: '/health', port: 80 }, periodSeconds: 2, failureThreshold: 3, timeoutSeconds: 2 } });
const spec = (version: string, extra: Partial<DeploymentSpec> = {}): DeploymentSpec => ({
  _id: 'app', applicationId: 'app', name: 'hello', ownerTenant: 'management', isolation: 'MULTI_TENANT', version, binaryId: `b-${version}`,
  replicas: 1, resources: { cpu: '0.5', memory: '512M' }, probes, tenants: ['t1'], revision: `r-${version}`, ...extra,
});
const deployment = (version: string, instances: InstanceState[], extra: Partial<DeploymentDocument> = {}): DeploymentDocument => ({
  ...spec(version), instances, restarts: 0, stages: [], ...extra,
});
const outgoing = (version: string, instances: InstanceState[], extra: Partial<OutgoingRevision> = {}): OutgoingRevision => ({
  revision: `r-${version}`, version, binaryId: `b-${version}`, replicas: 1, probes, instances, since: at(0), restartsBefore: 0, ...extra,
});
const rules: RolloutRules = { drainMs: 10_000, maxRestarts: 3 };

describe('changeOfRevision', () => {
  it('keeps a serving revision as the outgoing one while the new one starts with no instance', () => {
    const serving = deployment('1.0.0', [instance('a', true)], { restarts: 2 });
    const { set, unset } = changeOfRevision(serving, spec('1.0.1'), new Date(T0));
    expect(set).toMatchObject({ version: '1.0.1', revision: 'r-1.0.1', instances: [], failed: false });
    expect(set.outgoing).toEqual(outgoing('1.0.0', [instance('a', true)], { restartsBefore: 2 }));
    expect(unset).toEqual(['retryAt', 'rollback']);
  });

  it('replaces at once a revision that serves nothing: no healthy instance, or one that cannot run', () => {
    for (const existing of [deployment('1.0.0', [instance('a', false)]), deployment('1.0.0', [], { failed: true })]) {
      const { set, unset } = changeOfRevision(existing, spec('1.0.1'), new Date(T0));
      expect(set.outgoing).toBeUndefined();
      expect(unset).toContain('outgoing');
    }
  });

  it('gives the outgoing revision its instances back when its own spec returns (a rollback\'s activation), keeping the rollback', () => {
    const rollback = { revision: 'r-1.0.1', from: '1.0.1', to: '1.0.0', at: at(9000), reason: 'crashed', activation: 'activated' as const };
    const failed = deployment('1.0.1', [], { outgoing: outgoing('1.0.0', [instance('a', true)]), rollback, failed: true });
    const { set, unset } = changeOfRevision(failed, spec('1.0.0'), new Date(T0 + 10_000));
    expect(set).toMatchObject({ revision: 'r-1.0.0', failed: false, instances: [instance('a', true)] });
    expect(unset).toEqual(['outgoing', 'retryAt']);
  });

  it('keeps the revision still serving when another arrives mid-update, and drops a rollback', () => {
    const midway = deployment('1.0.1', [instance('b', false)], { outgoing: outgoing('1.0.0', [instance('a', true)]) });
    expect(changeOfRevision(midway, spec('1.0.2'), new Date(T0 + 5000)).set.outgoing).toMatchObject({ version: '1.0.0', instances: [instance('a', true)], since: at(5000) });
    const rolledBack = { ...midway, instances: [], rollback: { revision: 'r-1.0.1', from: '1.0.1', to: '1.0.0', at: at(1), reason: 'x' } };
    const { set, unset } = changeOfRevision(rolledBack, spec('1.0.2'), new Date(T0 + 5000));
    expect(set.outgoing).toMatchObject({ version: '1.0.0' });
    expect(unset).toContain('rollback');
    // After the switch the new revision serves: it becomes the outgoing one.
    const switched = deployment('1.0.1', [instance('b', true)], { outgoing: outgoing('1.0.0', [instance('a', true)], { switchedAt: at(3000) }) });
    expect(changeOfRevision(switched, spec('1.0.2'), new Date(T0 + 5000)).set.outgoing).toMatchObject({ version: '1.0.1', instances: [instance('b', true)] });
    expect(changeOfRevision(switched, spec('1.0.2'), new Date(T0 + 5000)).set.outgoing?.switchedAt).toBeUndefined();
  });
});

describe('rolloutStep', () => {
  const starting = (instances: InstanceState[], extra: Partial<DeploymentDocument> = {}) =>
    deployment('1.0.1', instances, { outgoing: outgoing('1.0.0', [instance('a', true)]), ...extra });

  it('waits while the new revision starts, and switches once every replica is healthy', () => {
    expect(rolloutStep(deployment('1.0.0', [instance('a', true)]), T0, rules)).toEqual({ kind: 'wait' });
    expect(rolloutStep(starting([]), T0 + 1000, rules)).toEqual({ kind: 'wait' });
    expect(rolloutStep(starting([instance('b', false, 1000)]), T0 + 5000, rules)).toEqual({ kind: 'wait' });
    expect(rolloutStep(starting([instance('b', true, 1000), instance('c', false, 1000)], { replicas: 2 }), T0 + 5000, rules)).toEqual({ kind: 'wait' });
    expect(rolloutStep(starting([instance('b', true, 1000), instance('c', true, 1000)], { replicas: 2 }), T0 + 5000, rules)).toEqual({ kind: 'switch' });
  });

  it('retires the outgoing revision once drained, or at once when nothing of it runs', () => {
    const switched = (ms: number) => deployment('1.0.1', [instance('b', true)], { outgoing: outgoing('1.0.0', [instance('a', true)], { switchedAt: at(ms) }) });
    expect(rolloutStep(switched(0), T0 + 9999, rules)).toEqual({ kind: 'wait' });
    expect(rolloutStep(switched(0), T0 + 10_000, rules)).toEqual({ kind: 'retire' });
    expect(rolloutStep(deployment('1.0.1', [], { outgoing: outgoing('1.0.0', []) }), T0, rules)).toEqual({ kind: 'retire' });
  });

  it('fails a new revision that cannot run, restarts too often, or is not ready within its readiness deadline', () => {
    const failure = { at: at(2000), reason: 'image.tar of version 1.0.1 could not be loaded' };
    expect(rolloutStep(starting([], { failed: true, lastFailure: failure }), T0 + 3000, rules))
      .toEqual({ kind: 'fail', reason: 'version 1.0.1 cannot run: image.tar of version 1.0.1 could not be loaded' });
    const crash = { at: at(4000), reason: 'instance hello-b exited with code 3: crashing on purpose' };
    expect(rolloutStep(starting([], { restarts: 5, outgoing: outgoing('1.0.0', [instance('a', true)], { restartsBefore: 3 }), lastFailure: crash }), T0 + 5000, rules))
      .toEqual({ kind: 'wait' });
    expect(rolloutStep(starting([], { restarts: 6, outgoing: outgoing('1.0.0', [instance('a', true)], { restartsBefore: 3 }), lastFailure: crash }), T0 + 5000, rules))
      .toEqual({ kind: 'fail', reason: 'version 1.0.1 restarted 3 times: instance hello-b exited with code 3: crashing on purpose' });
    // A failure older than the update is not its reason.
    expect(rolloutStep(starting([], { restarts: 3, lastFailure: { at: at(-1), reason: 'old' } }), T0 + 5000, rules))
      .toEqual({ kind: 'fail', reason: 'version 1.0.1 restarted 3 times' });
    expect(readinessDeadlineMs(probes.readiness)).toBe(8000);
    const late = starting([instance('b', false, 1000, 'GET /health answered 503: {"status":"DOWN"}')]);
    expect(rolloutStep(late, T0 + 9000, rules)).toEqual({ kind: 'wait' });
    expect(rolloutStep(late, T0 + 9001, rules))
      .toEqual({ kind: 'fail', reason: 'instance hello-b of version 1.0.1 was not ready within 8 s: GET /health answered 503: {"status":"DOWN"}' });
  });

  it('does nothing more for an abandoned revision: the outgoing one serves', () => {
    const rolledBack = starting([], { rollback: { revision: 'r-1.0.1', from: '1.0.1', to: '1.0.0', at: at(1), reason: 'x' }, failed: true });
    expect(abandoned(rolledBack)).toBe(true);
    expect(rolloutStep(rolledBack, T0 + 60_000, rules)).toEqual({ kind: 'wait' });
    expect(routedInstances(rolledBack).map((i) => i.id)).toEqual(['a']);
  });
});

describe('routedInstances', () => {
  it('routes one revision at a time: the outgoing one until the switch, the new one after', () => {
    const old = [instance('a', true), instance('x', false)];
    expect(routedInstances(deployment('1.0.1', [instance('b', true)], { outgoing: outgoing('1.0.0', old) })).map((i) => i.id)).toEqual(['a']);
    expect(routedInstances(deployment('1.0.1', [instance('b', true)], { outgoing: outgoing('1.0.0', old, { switchedAt: at(1) }) })).map((i) => i.id)).toEqual(['b']);
    expect(routedInstances(deployment('1.0.0', [instance('a', true), instance('x', false)])).map((i) => i.id)).toEqual(['a']);
  });

  it('routes to the other revision rather than nowhere when the serving one has no healthy instance', () => {
    expect(routedInstances(deployment('1.0.1', [instance('b', true)], { outgoing: outgoing('1.0.0', [instance('a', false)]) })).map((i) => i.id)).toEqual(['b']);
    expect(routedInstances(deployment('1.0.1', [instance('b', false)], { outgoing: outgoing('1.0.0', [instance('a', true)], { switchedAt: at(1) }) })).map((i) => i.id)).toEqual(['a']);
    expect(routedInstances(deployment('1.0.1', [], { outgoing: outgoing('1.0.0', []) }))).toEqual([]);
  });
});
