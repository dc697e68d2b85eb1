import { connect } from 'node:net';
import { request } from 'undici';

/** The outcome of one probe: passed or not, and why not; `answer`: a failing HTTP answer's body when it is a JSON object of at most `HEALTH_ANSWER_MAX` bytes. */
export interface ProbeResult { ok: boolean; detail?: string; answer?: string }

/** The longest part of a failing probe's answer kept as its reason. */
const ANSWER_KEPT = 300;
/** The largest failing answer passed on whole (docs/hosting.md#health-checks). */
export const HEALTH_ANSWER_MAX = 4096;

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
    const body = await start(res.body, HEALTH_ANSWER_MAX + 1);
    const text = body.toString('utf8').replace(/\s+/g, ' ').trim().slice(0, ANSWER_KEPT);
    const json = /json/i.test(String(res.headers['content-type'] ?? '')) ? jsonObject(body) : undefined;
    return { ok: false, detail: `GET ${new URL(url).pathname} answered ${res.statusCode}${text ? `: ${text}` : ''}`, ...(json ? { answer: json } : {}) };
  } catch (err) {
    return { ok: false, detail: `GET ${new URL(url).pathname} failed: ${(err as Error).message}` };
  }
}

/** The first `max` bytes of a body; the rest is not read. */
async function start(body: AsyncIterable<Buffer> & { destroy(): void }, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    length += chunk.length;
    if (length >= max) break;
  }
  body.destroy();
  return Buffer.concat(chunks).subarray(0, max);
}

/** A body that is a whole JSON object of at most `HEALTH_ANSWER_MAX` bytes, as compact JSON; else undefined. */
function jsonObject(body: Buffer): string | undefined {
  if (body.length > HEALTH_ANSWER_MAX) return undefined;
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? JSON.stringify(value) : undefined;
  } catch {
    return undefined;
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
