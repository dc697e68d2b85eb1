import type { Dispatcher } from 'undici';
import { Agent, errors, OutboundPolicy, outboundAgent } from '@berth/runtime';
import { MessageExpiredError, ProviderRejectedError, ProviderUnavailableError } from '../sms-provider';
import { MessageDeadline, requestBeforeDeadline } from './request-before-deadline';

export interface ProviderResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON when the answer was JSON, else the text (possibly empty). */
  body: unknown;
}

export interface ProviderCall {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  /** Sent as JSON unless `form` is set. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** The message this call submits: the call leaves only before its `notAfter` (see requestBeforeDeadline). */
  message?: MessageDeadline;
}

const MAX_BODY = 1024 * 1024;

/**
 * HTTP to one provider, for one tenant: a keep-alive undici Agent with connect, header and body
 * timeouts of `timeoutMs` each, connecting only where `outbound` allows (a refused address fails
 * as a configuration mistake). Network failures and timeouts become ProviderUnavailableError;
 * a malformed URL or a refused address becomes ProviderRejectedError (not worth retrying).
 * Statuses are returned, not thrown: each provider maps them (see failureOf). A call that submits a
 * message leaves only before the message's deadline, else fails with MessageExpiredError.
 */
export class ProviderHttpClient {
  private readonly agent: Agent;
  private closing?: Promise<void>;

  constructor(private readonly provider: string, private readonly timeoutMs: number, outbound: OutboundPolicy) {
    this.agent = outboundAgent(outbound, { connectTimeoutMs: timeoutMs, headersTimeout: timeoutMs, bodyTimeout: timeoutMs, keepAliveTimeout: 10_000 });
  }

  async call(call: ProviderCall): Promise<ProviderResponse> {
    const url = this.parseUrl(call.url);
    const headers: Record<string, string> = { accept: 'application/json', ...call.headers };
    let body: string | undefined;
    if (call.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(call.form).toString();
    } else if (call.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(call.json);
    }
    let res: Dispatcher.ResponseData;
    try {
      const request = { origin: url.origin, path: url.pathname + url.search, method: call.method, headers, body, signal: AbortSignal.timeout(this.timeoutMs * 2) };
      res = await (call.message ? requestBeforeDeadline(this.agent, call.message, request) : this.agent.request(request));
    } catch (err) {
      if (err instanceof MessageExpiredError) throw err;
      const reason = `${this.provider}: ${describe(err)} (${call.method} ${url.origin}${url.pathname})`;
      // An address the outbound guard refuses is a configuration mistake: retrying cannot reach it.
      if ((err as { code?: string } | null)?.code === 'ERR_OUTBOUND_REFUSED') throw new ProviderRejectedError(reason);
      throw new ProviderUnavailableError(reason);
    }
    return { status: res.statusCode, headers: res.headers, body: await readBody(res, this.provider) };
  }

  /** Closes the connections once; later calls resolve at once. */
  close(): Promise<void> {
    this.closing ??= this.agent.close();
    return this.closing;
  }

  private parseUrl(raw: string): URL {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new ProviderRejectedError(`${this.provider}: "${raw}" is not a URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ProviderRejectedError(`${this.provider}: ${url.protocol} URLs are not supported`);
    if (url.username || url.password) throw new ProviderRejectedError(`${this.provider}: the URL must not carry credentials`);
    return url;
  }
}

async function readBody(res: Dispatcher.ResponseData, provider: string): Promise<unknown> {
  let text: string;
  try {
    text = await res.body.text();
  } catch (err) {
    throw new ProviderUnavailableError(`${provider}: ${describe(err)} while reading the answer`);
  }
  if (text.length > MAX_BODY) text = text.slice(0, MAX_BODY);
  const type = String(res.headers['content-type'] ?? '');
  if (!/json/i.test(type) || !text) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function describe(err: unknown): string {
  if (err instanceof errors.ConnectTimeoutError || err instanceof errors.HeadersTimeoutError || err instanceof errors.BodyTimeoutError) return 'timed out';
  if ((err as { name?: string } | null)?.name === 'TimeoutError') return 'timed out';
  if ((err as { code?: string } | null)?.code === 'ERR_OUTBOUND_REFUSED') return `refused: ${(err as Error).message}`;
  const code = (err as { code?: string; cause?: { code?: string } })?.code ?? (err as { cause?: { code?: string } })?.cause?.code;
  return code ? `unreachable (${code})` : `unreachable (${(err as Error)?.message ?? String(err)})`;
}

/** `Authorization: Basic …` for a user and password. */
export function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
}
