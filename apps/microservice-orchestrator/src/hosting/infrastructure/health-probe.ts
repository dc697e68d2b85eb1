import { connect } from 'node:net';
import { request } from 'undici';

/** The outcome of one probe: passed or not, and why not. */
export interface ProbeResult { ok: boolean; detail?: string }

/** One HTTP GET probe: passes on a 2xx or 3xx answer within `timeoutMs` (Kubernetes' rule). */
export async function probeHttp(url: string, timeoutMs: number): Promise<ProbeResult> {
  try {
    const res = await request(url, { method: 'GET', headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
    await res.body.dump();
    return res.statusCode >= 200 && res.statusCode < 400 ? { ok: true } : { ok: false, detail: `GET ${new URL(url).pathname} answered ${res.statusCode}` };
  } catch (err) {
    return { ok: false, detail: `GET ${new URL(url).pathname} failed: ${(err as Error).message}` };
  }
}

/** One TCP probe: passes when `host:port` accepts a connection within `timeoutMs`. */
export function probeTcp(host: string, port: number, timeoutMs: number): Promise<ProbeResult> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (result: ProbeResult) => { socket.destroy(); resolve(result); };
    socket.setTimeout(timeoutMs, () => done({ ok: false, detail: `TCP port timed out after ${timeoutMs} ms` }));
    socket.once('connect', () => done({ ok: true }));
    socket.once('error', (err) => done({ ok: false, detail: `TCP port refused: ${err.message}` }));
  });
}
