import { afterProbe, probeDue, ProbeState, restartBackoffMs } from './instance-health';

const probe = { httpGet: { path: '/health', port: 80 }, initialDelaySeconds: 1, periodSeconds: 2, timeoutSeconds: 1, failureThreshold: 2 };
const fresh: ProbeState = { healthy: false, failures: 0, lastProbeAt: 0, firstSeenAt: 10_000 };

describe('instance health', () => {
  it('waits for the initial delay and the period', () => {
    expect(probeDue(fresh, probe, 10_500)).toBe(false);
    expect(probeDue(fresh, probe, 11_000)).toBe(true);
    expect(probeDue({ ...fresh, lastProbeAt: 11_000 }, probe, 12_000)).toBe(false);
    expect(probeDue({ ...fresh, lastProbeAt: 11_000 }, probe, 13_000)).toBe(true);
    expect(probeDue({ ...fresh, lastProbeAt: 11_000 }, probe, 11_500, true)).toBe(true);
  });

  it('turns healthy on one success and unhealthy after failureThreshold failures in a row', () => {
    const up = afterProbe(fresh, probe, true, 1);
    expect(up).toMatchObject({ healthy: true, failures: 0 });
    const once = afterProbe(up, probe, false, 2);
    expect(once).toMatchObject({ healthy: true, failures: 1 });
    expect(afterProbe(once, probe, false, 3)).toMatchObject({ healthy: false, failures: 2 });
    expect(afterProbe(fresh, probe, false, 1).healthy).toBe(false);
  });

  it('backs off restarts exponentially up to five minutes', () => {
    expect([1, 2, 3, 4].map((n) => restartBackoffMs(n))).toEqual([1000, 2000, 4000, 8000]);
    expect(restartBackoffMs(30)).toBe(300_000);
    expect(restartBackoffMs(3, 500, 1500)).toBe(1500);
  });
});
