import { connect } from 'node:net';
import { request } from 'undici';

/** The outcome of one probe: passed or not, and why not. */
export interface ProbeResult { ok: boolean; detail?: string }

/** The longest part of a failing probe's answer kept as its reason. */
const ANSWER_KEPT = 300;

/**
 * One HTTP GET probe: passes on a 2xx or 3xx answer within `timeoutMs` (Kubernetes' rule). A
 * failing answer's body (its start) is part of the detail: a service says there why it is not ready.
 */
export async function probeHttp(url: string, timeoutMs: number): Promise<ProbeResult> {
  try {
    const res = await request(url, { method: 'GET', headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
    if (res.statusCode >= 200 && res.statusCode < 400) {
      await res.body.dump();
      return { ok: true };
    }
    const text = (await start(res.body)).replace(/\s+/g, ' ').trim().slice(0, ANSWER_KEPT);
    return { ok: false, detail: `GET ${new URL(url).pathname} answered ${res.statusCode}${text ? `: ${text}` : ''}` };
  } catch (err) {
    return { ok: false, detail: `GET ${new URL(url).pathname} failed: ${(err as Error).message}` };
  }
}

/** The first bytes of a body as text; the rest is not read. */
async function start(body: AsyncIterable<Buffer> & { destroy(): void }): Promise<string> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    length += chunk.length;
    if (length >= ANSWER_KEPT * 4) break;
  }
  body.destroy();
  return Buffer.concat(chunks).subarray(0, ANSWER_KEPT * 4).toString('utf8');
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
