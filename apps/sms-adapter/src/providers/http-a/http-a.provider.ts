import { failureOf } from '../http/provider-failure';
import { basicAuth, ProviderHttpClient } from '../http/provider-http-client';
import { HttpProviderOptions } from '../http/http-provider-options';
import { SerialPoller } from '../http/serial-poller';
import { ProviderSink, ProviderUnavailableError, OutboundSms, SmsProvider, SubmitResult } from '../sms-provider';
import { deliveryStatusOf, HttpASubmit, inboundOf, reasonOf, receiptOf } from './http-a.protocol';

export interface HttpASettings { baseUrl: string; username: string; password: string }

const PAGE = 100;
const MAX_PAGES_PER_POLL = 20;

/**
 * One tenant's connection to provider A. Sends with `POST {baseUrl}/messages`; polls
 * `GET {baseUrl}/messages/inbound?after=` and `GET {baseUrl}/receipts?after=` every
 * `pollIntervalMs`, handing each item to the sink once: the cursor moves past an item only after
 * the sink accepted it, so a failing sink sees the item again on the next poll, never a later one first.
 * The cursors live in memory: after a restart the gateway's retained items come again, so the
 * sink must be idempotent by providerMessageId.
 */
export class HttpAProvider implements SmsProvider {
  readonly id = 'http-a';
  readonly supports = { receiveAll: true, receiveOne: false };
  private readonly poller: SerialPoller;
  private readonly cursors: { inbound?: string; receipts?: string } = {};
  private readonly authorization: string;

  constructor(private readonly settings: HttpASettings, private readonly sink: ProviderSink, private readonly http: ProviderHttpClient, private readonly options: HttpProviderOptions) {
    this.authorization = basicAuth(settings.username, settings.password);
    this.poller = new SerialPoller(options.pollIntervalMs, () => this.poll(), (err) => options.warn?.(`http-a: polling failed: ${(err as Error).message}`));
    this.poller.start();
  }

  get polling(): boolean {
    return this.poller.active;
  }

  async send(sms: OutboundSms): Promise<SubmitResult> {
    const body: HttpASubmit = { from: sms.senderAddress, to: sms.address, text: sms.text, reference: sms.deliveryId, ...(sms.senderName ? { senderName: sms.senderName } : {}) };
    const res = await this.http.call({ method: 'POST', url: `${this.settings.baseUrl}/messages`, headers: { authorization: this.authorization }, json: body, message: sms });
    if (res.status < 200 || res.status > 299) throw failureOf(this.id, res.status, reasonOf(res.body), res.headers['retry-after']);
    const answer = res.body as { id?: unknown; status?: unknown } | null;
    if (typeof answer?.id !== 'string' || !answer.id) throw new ProviderUnavailableError(`${this.id}: ${res.status} without a message id`);
    const status = answer.status === undefined ? undefined : deliveryStatusOf(answer.status);
    return { providerMessageId: answer.id, ...(status ? { status } : {}) };
  }

  /** One round of polling: inbound messages, then receipts. */
  async poll(): Promise<void> {
    await this.drain('inbound', '/messages/inbound', 'messages', (item) => {
      const message = inboundOf(item);
      if (!message) this.options.warn?.(`http-a: skipped inbound item ${(item as { id: string }).id}: a field is missing or malformed`);
      return message ? this.sink.inbound(message) : undefined;
    });
    await this.drain('receipts', '/receipts', 'receipts', (item) => {
      const receipt = receiptOf(item);
      return receipt ? this.sink.receipt(receipt) : undefined;
    });
  }

  async close(): Promise<void> {
    await this.poller.stop();
    await this.http.close();
  }

  private async drain(cursor: 'inbound' | 'receipts', path: string, field: string, deliver: (item: unknown) => Promise<void> | undefined): Promise<void> {
    for (let page = 0; page < MAX_PAGES_PER_POLL; page++) {
      const query = new URLSearchParams({ limit: String(PAGE), ...(this.cursors[cursor] ? { after: this.cursors[cursor] } : {}) });
      const res = await this.http.call({ method: 'GET', url: `${this.settings.baseUrl}${path}?${query}`, headers: { authorization: this.authorization } });
      if (res.status !== 200) throw failureOf(this.id, res.status, reasonOf(res.body), res.headers['retry-after']);
      const body = res.body as Record<string, unknown> | null;
      const items = body?.[field];
      if (!Array.isArray(items)) throw new ProviderUnavailableError(`${this.id}: GET ${path} answered without "${field}"`);
      for (const item of items) {
        const id = (item as { id?: unknown } | null)?.id;
        if (typeof id !== 'string') throw new ProviderUnavailableError(`${this.id}: GET ${path} answered an item without an id`);
        await deliver(item);
        this.cursors[cursor] = id;
      }
      if (body?.hasMore !== true || items.length === 0) return;
    }
  }
}
