import type { HealthProbe } from './deployment';

/** What the prober knows of one instance: healthy after one success, unhealthy after `failureThreshold` failures in a row. */
export interface ProbeState { healthy: boolean; failures: number; lastProbeAt: number; firstSeenAt: number }

/** Whether an instance is due for a probe at `now`. */
export function probeDue(state: ProbeState, probe: HealthProbe, now: number): boolean {
  if (now - state.firstSeenAt < probe.initialDelaySeconds * 1000) return false;
  return now - state.lastProbeAt >= (probe.periodSeconds ?? 0) * 1000;
}

/** The state after a probe answered `ok`. */
export function afterProbe(state: ProbeState, probe: HealthProbe, ok: boolean, now: number): ProbeState {
  if (ok) return { ...state, healthy: true, failures: 0, lastProbeAt: now };
  const failures = state.failures + 1;
  return { ...state, failures, healthy: state.healthy && failures < probe.failureThreshold, lastProbeAt: now };
}

/** Delay before the next start after `restarts` crashes or failed starts: 1 s doubling up to 5 minutes. */
export function restartBackoffMs(restarts: number): number {
  return Math.min(300_000, 1000 * 2 ** Math.max(0, restarts - 1));
}
