import { request } from 'undici';

/** One HTTP GET health probe: true for a 2xx answer within `timeoutMs`, false for anything else. */
export async function probeHttp(url: string, timeoutMs: number): Promise<boolean> {
  try {
    const res = await request(url, { method: 'GET', headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
    await res.body.dump();
    return res.statusCode >= 200 && res.statusCode < 300;
  } catch {
    return false;
  }
}
