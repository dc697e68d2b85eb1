/** A manifest's `livenessProbe`/`readinessProbe` (CLIENTS.md hosting contract): one action and its timings. */
export interface ManifestProbe {
  httpGet?: { path: string; port: number };
  tcpSocket?: { port: number };
  exec?: { command: string[] };
  initialDelaySeconds?: number;
  periodSeconds?: number;
  timeoutSeconds?: number;
  failureThreshold?: number;
}

const obj = (v: unknown): Record<string, any> | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? v as Record<string, any> : undefined);
const port = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 && v < 65536 ? v : undefined);
const seconds = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined);

/** The manifest probe as far as it is usable (an action with a valid port or command), else undefined; zero timings are dropped (the runtime's defaults apply). */
export function manifestProbe(value: unknown): ManifestProbe | undefined {
  const p = obj(value);
  if (!p) return undefined;
  const http = obj(p.httpGet);
  const tcp = obj(p.tcpSocket);
  const command = obj(p.exec)?.command;
  let action: Pick<ManifestProbe, 'httpGet' | 'tcpSocket' | 'exec'> | undefined;
  if (http) action = { httpGet: { path: typeof http.path === 'string' && http.path.startsWith('/') ? http.path : '/health', port: port(http.port) ?? 80 } };
  else if (tcp && port(tcp.port)) action = { tcpSocket: { port: port(tcp.port)! } };
  else if (Array.isArray(command) && command.length && command.every((c) => typeof c === 'string')) action = { exec: { command } };
  if (!action) return undefined;
  const timings = Object.fromEntries((['initialDelaySeconds', 'periodSeconds', 'timeoutSeconds', 'failureThreshold'] as const)
    .map((k) => [k, seconds(p[k])]).filter(([, v]) => typeof v === 'number' && v > 0));
  return { ...action, ...timings };
}
