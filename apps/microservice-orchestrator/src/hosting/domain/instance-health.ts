import type { Probe } from './probes';

/** What the prober knows of one instance: healthy after one success, unhealthy after `failureThreshold` failures in a row. */
export interface ProbeState { healthy: boolean; failures: number; lastProbeAt: number; firstSeenAt: number }

/** Whether an instance is due for a probe at `now`; `eager` (readiness not yet reached) ignores the period. */
export function probeDue(state: ProbeState, probe: Probe, now: number, eager = false): boolean {
  if (now - state.firstSeenAt < probe.initialDelaySeconds * 1000) return false;
  return eager || now - state.lastProbeAt >= probe.periodSeconds * 1000;
}

/** The state after a probe answered `ok`. */
export function afterProbe(state: ProbeState, probe: Probe, ok: boolean, now: number): ProbeState {
  if (ok) return { ...state, healthy: true, failures: 0, lastProbeAt: now };
  const failures = state.failures + 1;
  return { ...state, failures, healthy: state.healthy && failures < probe.failureThreshold, lastProbeAt: now };
}

/** Delay before the next start after `restarts` crashes or failed starts: `baseMs` doubling up to `maxMs`. */
export function restartBackoffMs(restarts: number, baseMs = 1000, maxMs = 300_000): number {
  return Math.min(maxMs, baseMs * 2 ** Math.min(30, Math.max(0, restarts - 1)));
}
