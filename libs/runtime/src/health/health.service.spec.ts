import { HEALTH_CHECK_TIMEOUT_MS, HealthService } from './health.service';
import type { HealthIndicator } from './health-indicator';

const APP = { name: 'gateway', version: '1.0.0' };
const up = (name: string, neighbour = false): HealthIndicator => ({ name, neighbour, check: async () => undefined });
const down = (name: string, neighbour = false): HealthIndicator => ({ name, neighbour, check: async () => { throw new Error(`${name} refused`); } });

describe('HealthService', () => {
  afterEach(() => jest.useRealTimers());

  it('is UP when its own dependencies are, and reports a neighbour that is DOWN without going DOWN', async () => {
    const report = await new HealthService(APP, [up('kafka'), up('redis'), down('sms-adapter', true), up('subscription', true)]).report();
    expect(report).toMatchObject({
      status: 'UP',
      dependencies: { kafka: { status: 'UP' }, redis: { status: 'UP' } },
      neighbours: { 'sms-adapter': { status: 'DOWN', reason: 'sms-adapter refused' }, subscription: { status: 'UP' } },
    });
  });

  it('is DOWN when one of its own dependencies is', async () => {
    const report = await new HealthService(APP, [up('kafka'), down('redis'), up('sms-adapter', true)]).report();
    expect(report.status).toBe('DOWN');
    expect(report.dependencies.redis).toEqual({ status: 'DOWN', reason: 'redis refused' });
  });

  it('has no neighbours section when the app has none', async () => {
    expect(await new HealthService(APP, [up('mongodb')]).report()).not.toHaveProperty('neighbours');
  });

  it('counts a check that does not answer within the timeout as DOWN, and answers then', async () => {
    jest.useFakeTimers();
    const hanging: HealthIndicator = { name: 'mongodb', check: () => new Promise(() => undefined) };
    let report: Awaited<ReturnType<HealthService['report']>> | undefined;
    const pending = new HealthService(APP, [hanging, up('kafka')]).report().then((r) => (report = r));
    await jest.advanceTimersByTimeAsync(HEALTH_CHECK_TIMEOUT_MS - 1);
    expect(report).toBeUndefined();
    await jest.advanceTimersByTimeAsync(1);
    await pending;
    expect(report).toMatchObject({ status: 'DOWN', dependencies: { mongodb: { status: 'DOWN', reason: `no answer within ${HEALTH_CHECK_TIMEOUT_MS} ms` }, kafka: { status: 'UP' } } });
  });
});
