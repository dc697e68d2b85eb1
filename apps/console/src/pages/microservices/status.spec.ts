import { downReason, healthSummary, stopsOf, type ApplicationStatus } from './status';

const status = (over: Partial<ApplicationStatus>): ApplicationStatus => ({ applicationId: '1', status: 'Up', restarts: 0, instances: [], stages: [], ...over });

describe('a microservice\'s status', () => {
  it('finds the recorded stops of an instance by its name', () => {
    const stages = [
      { stage: 'InstanceExited', at: '2026-11-27T01:00:00.000Z', detail: 'instance berth-hello-1a-0 exited with code 1: boom' },
      { stage: 'ContainerStarted', at: '2026-11-27T01:00:01.000Z', detail: 'berth-hello-1a-0' },
      { stage: 'InstanceExited', at: '2026-11-27T01:00:02.000Z', detail: 'instance berth-hello-1a-01 exited with code 1' },
      { stage: 'LivenessFailed', at: '2026-11-27T01:00:03.000Z', detail: 'liveness probe of berth-hello-1a-0 failed 3 times in a row: 500' },
    ];
    expect(stopsOf('berth-hello-1a-0', stages).map((s) => s.at)).toEqual(['2026-11-27T01:00:03.000Z', '2026-11-27T01:00:00.000Z']);
    expect(stopsOf('berth-hello-1a-1', stages)).toEqual([]);
  });

  it('says why it is not up', () => {
    expect(downReason(status({ status: 'Up', lastFailure: { at: 'x', reason: 'old' } }))).toBeUndefined();
    expect(downReason(status({ status: 'Down' }))).toBe('no instance has passed its readiness probe yet');
    expect(downReason(status({ status: 'Down', lastFailure: { at: 'x', reason: 'instance a exited with code 3' }, nextRestartAt: '2026-11-27T01:00:09.000Z' })))
      .toBe('instance a exited with code 3 (the next start is due at 2026-11-27T01:00:09.000Z)');
    expect(downReason(status({ status: 'Failed', lastFailure: { at: 'x', reason: 'image.tar is missing' } }))).toBe('image.tar is missing');
  });

  it('counts the healthy instances', () => {
    expect(healthSummary(status({ instances: [{ name: 'a', healthy: true }, { name: 'b', healthy: false }] }))).toBe('1 of 2 healthy');
  });
});
