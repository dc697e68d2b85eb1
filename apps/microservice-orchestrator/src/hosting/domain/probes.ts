/** What a probe checks: an HTTP GET answering 2xx–3xx, a TCP port accepting, or a command exiting 0 in the container. */
export type ProbeCheck =
  | { httpGet: { path: string; port: number } }
  | { tcpSocket: { port: number } }
  | { exec: { command: string[] } };

/** A probe with the manifest's timings (Kubernetes' meaning). */
export type Probe = ProbeCheck & { initialDelaySeconds: number; periodSeconds: number; timeoutSeconds: number; failureThreshold: number };

/** Readiness decides routing; liveness, when the manifest has one, restarts an instance that fails it. */
export interface Probes { readiness: Probe; liveness?: Probe }

const record = (value: unknown): Record<string, any> => (value && typeof value === 'object' ? value as Record<string, any> : {});
const num = (v: unknown, d: number, min = 0) => (typeof v === 'number' && Number.isFinite(v) && v >= min ? v : d);
const port = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 && v < 65536 ? v : 80);

/** The default readiness check: `GET /health` on port 80 (docs/microservices.md). */
export const DEFAULT_CHECK: ProbeCheck = { httpGet: { path: '/health', port: 80 } };

function checkOf(p: Record<string, any>): ProbeCheck | undefined {
  if (p.httpGet) {
    const path = typeof p.httpGet.path === 'string' && p.httpGet.path.startsWith('/') ? p.httpGet.path : '/health';
    return { httpGet: { path, port: port(p.httpGet.port) } };
  }
  if (p.tcpSocket) return { tcpSocket: { port: port(p.tcpSocket.port) } };
  const command = p.exec?.command;
  if (Array.isArray(command) && command.length && command.every((c) => typeof c === 'string')) return { exec: { command } };
  return undefined;
}

function probeOf(value: unknown, defaults: { periodSeconds: number }): Probe | undefined {
  const p = record(value);
  const check = checkOf(p);
  if (!check) return undefined;
  return {
    ...check, initialDelaySeconds: num(p.initialDelaySeconds, 0), periodSeconds: num(p.periodSeconds, defaults.periodSeconds, 1),
    timeoutSeconds: num(p.timeoutSeconds, 2, 1), failureThreshold: Math.floor(num(p.failureThreshold, 3, 1)),
  };
}

/**
 * The probes of a manifest: `readinessProbe` (else `GET /health` on 80 every 5 s) and
 * `livenessProbe` (none unless given; default period 10 s). Timeout 2 s and failure threshold 3
 * unless given; an unreadable probe counts as absent.
 */
export function probesOf(manifest: Record<string, unknown>): Probes {
  const readiness = probeOf(manifest.readinessProbe, { periodSeconds: 5 })
    ?? { ...DEFAULT_CHECK, initialDelaySeconds: 0, periodSeconds: 5, timeoutSeconds: 2, failureThreshold: 3 };
  const liveness = probeOf(manifest.livenessProbe, { periodSeconds: 10 });
  return { readiness, ...(liveness ? { liveness } : {}) };
}

/** The container ports the probes reach from outside (besides 80, which is always published). */
export function probePorts(probes: Probes): number[] {
  const of = (p?: Probe) => (p && 'httpGet' in p ? [p.httpGet.port] : p && 'tcpSocket' in p ? [p.tcpSocket.port] : []);
  return [...new Set([...of(probes.readiness), ...of(probes.liveness)])];
}
