import { createHmac } from 'node:crypto';
import { IncomingMessage } from 'node:http';
import { basicCredentials, FakeAnswer, FakeHttpServer, postJson } from './fake-http-server';

export interface FakeASubmitted { id: string; from: string; to: string; text: string; reference: string; senderName?: string }
export interface FakeAInbound { id: string; from: string; to: string; text: string; receivedAt: string }
export interface FakeAReceipt { id: string; messageId: string; to: string; status: string; error?: string }

const E164 = /^\+[1-9]\d{6,14}$/;
const BASE = '/sms/v1';

/**
 * Provider A's side of its REST API (docs/sms-http-providers.md), under `/sms/v1`:
 * Basic auth, `POST /messages` (a repeated `reference` answers the first id), `GET /messages/inbound`
 * and `GET /receipts` with `after` and `limit` cursors. Tests queue inbound messages and receipts,
 * push signed webhooks, and make it fail through `server.fail()` or `stop()`.
 */
export class FakeProviderA {
  readonly server = new FakeHttpServer((req, body, url) => this.route(req, body, url));
  readonly submitted: FakeASubmitted[] = [];
  readonly inbound: FakeAInbound[] = [];
  readonly receipts: FakeAReceipt[] = [];
  private seq = 0;

  constructor(readonly username = 'acme', readonly password = 'a-secret-pass') {}

  /** Starts it; resolves to the `baseUrl` a tenant configures. */
  async start(port?: number): Promise<string> {
    await this.server.start(port);
    return this.baseUrl;
  }

  stop(): Promise<void> {
    return this.server.stop();
  }

  get baseUrl(): string {
    return `${this.server.url}${BASE}`;
  }

  /** The settings a tenant stores for this fake (keys without the `http-a.` prefix). */
  settings(extra: Record<string, string> = {}): Record<string, string> {
    return { baseUrl: this.baseUrl, username: this.username, password: this.password, ...extra };
  }

  /** A message arriving from a handset, listed by the next poll. */
  receive(from: string, to: string, text: string): FakeAInbound {
    const message = { id: this.nextId('in'), from, to, text, receivedAt: new Date().toISOString() };
    this.inbound.push(message);
    return message;
  }

  /** A receipt for a submitted message, listed by the next poll. */
  report(messageId: string, status: string, error?: string): FakeAReceipt {
    const sent = this.submitted.find((m) => m.id === messageId);
    const receipt = { id: this.nextId('rc'), messageId, to: sent?.to ?? '', status, ...(error ? { error } : {}) };
    this.receipts.push(receipt);
    return receipt;
  }

  /** Pushes an event to a webhook URL as provider A does, signed with `secret`; resolves to the answer's status. */
  push(url: string, secret: string, event: { type: 'inbound'; message: FakeAInbound } | { type: 'receipt'; receipt: FakeAReceipt }, timestamp = Math.floor(Date.now() / 1000)): Promise<number> {
    const body = JSON.stringify(event);
    const signature = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
    return postJson(url, body, { 'x-signature': signature, 'x-timestamp': String(timestamp) });
  }

  private nextId(prefix: string): string {
    return `${prefix}-${String(++this.seq).padStart(8, '0')}`;
  }

  private route(req: IncomingMessage, body: string, url: URL): FakeAnswer {
    const auth = basicCredentials(req);
    if (auth?.user !== this.username || auth.password !== this.password) {
      return { status: 401, headers: { 'www-authenticate': 'Basic realm="sms"' }, body: { error: { code: 'UNAUTHORIZED', message: 'bad credentials' } } };
    }
    const path = url.pathname;
    if (req.method === 'POST' && path === `${BASE}/messages`) return this.submit(body);
    if (req.method === 'GET' && path === `${BASE}/messages/inbound`) return { status: 200, ...page('messages', this.inbound, url) };
    if (req.method === 'GET' && path === `${BASE}/receipts`) return { status: 200, ...page('receipts', this.receipts, url) };
    return { status: 404, body: { error: { code: 'NOT_FOUND', message: `no route ${req.method} ${path}` } } };
  }

  private submit(text: string): FakeAnswer {
    let m: Partial<FakeASubmitted>;
    try {
      m = JSON.parse(text);
    } catch {
      return { status: 400, body: { error: { code: 'BAD_JSON', message: 'body is not JSON' } } };
    }
    if (typeof m.to !== 'string' || !E164.test(m.to)) return { status: 400, body: { error: { code: 'INVALID_NUMBER', message: `"to" is not an E.164 number: ${m.to}` } } };
    if (typeof m.from !== 'string' || !m.from) return { status: 422, body: { error: { code: 'INVALID_SENDER', message: '"from" is required' } } };
    if (typeof m.text !== 'string' || !m.text) return { status: 422, body: { error: { code: 'EMPTY_TEXT', message: '"text" is required' } } };
    if (typeof m.reference !== 'string' || !m.reference) return { status: 422, body: { error: { code: 'NO_REFERENCE', message: '"reference" is required' } } };
    const earlier = this.submitted.find((s) => s.reference === m.reference);
    if (earlier) return { status: 200, body: { id: earlier.id, status: 'accepted' } };
    const message: FakeASubmitted = { id: this.nextId('msg'), from: m.from, to: m.to, text: m.text, reference: m.reference, ...(m.senderName ? { senderName: m.senderName } : {}) };
    this.submitted.push(message);
    return { status: 202, body: { id: message.id, status: 'accepted' } };
  }
}

/** Items after the `after` id, at most `limit` (default 100, at most 1000), with `hasMore`. */
function page<T extends { id: string }>(field: string, items: T[], url: URL): { body: Record<string, unknown> } {
  const after = url.searchParams.get('after');
  const limit = Math.min(Number(url.searchParams.get('limit') ?? 100) || 100, 1000);
  const start = after ? items.findIndex((i) => i.id === after) + 1 : 0;
  const slice = items.slice(start, start + limit);
  return { body: { [field]: slice, hasMore: start + limit < items.length } };
}
