import { HttpProviderOptions } from '../http/http-provider-options';
import { failureOf } from '../http/provider-failure';
import { ProviderCall, ProviderHttpClient, ProviderResponse } from '../http/provider-http-client';
import { SerialPoller } from '../http/serial-poller';
import { OutboundSms, ProviderSink, ProviderUnavailableError, SmsProvider, SubmitResult, DeliveryStatus } from '../sms-provider';
import { deliveryStatusOf, FINAL_STATUSES, OneApiDeliveryInfo, OneApiSendRequest, reasonOf, requestIdOf, tel, untel } from './http-b.protocol';
import { OAuthTokenCache } from './http-b.token-cache';
import { httpBCallbackData } from './http-b.webhook';

export interface HttpBSettings { clientId: string; clientSecret: string; authUrl: string; messagingUrl: string }
/** Where provider B pushes deliveryInfoNotifications, and the key that signs their callbackData. */
export interface HttpBWebhook { notifyUrl: string; key: string }

interface Pending { sender: string; address: string; since: number; last?: DeliveryStatus }

const MAX_PENDING = 10_000;
const MAX_PENDING_AGE_MS = 48 * 3600_000;
const POLLS_PER_ROUND = 50;

/**
 * One tenant's connection to provider B: OAuth2 client credentials, then OneAPI
 * `POST {messagingUrl}/outbound/{tel:sender}/requests`. A 401 drops the token and the call is
 * repeated once with a fresh one. Receipts arrive by webhook when `webhook` is given (the send asks
 * for them with notifyURL and signed callbackData); otherwise the provider polls
 * `…/requests/{id}/deliveryInfos` of its sent messages (kept in memory, up to 10,000 and 48 h)
 * and reports each status change once, until a final status.
 */
export class HttpBProvider implements SmsProvider {
  readonly id = 'http-b';
  readonly supports = { receiveAll: false, receiveOne: false };
  private readonly tokens: OAuthTokenCache;
  private readonly pending = new Map<string, Pending>();
  private readonly poller: SerialPoller;

  constructor(
    private readonly tenant: string,
    private readonly settings: HttpBSettings,
    private readonly sink: ProviderSink,
    private readonly http: ProviderHttpClient,
    options: HttpProviderOptions,
    private readonly webhook?: HttpBWebhook,
  ) {
    this.tokens = new OAuthTokenCache(http, { authUrl: settings.authUrl, clientId: settings.clientId, clientSecret: settings.clientSecret });
    this.poller = new SerialPoller(webhook ? 0 : options.pollIntervalMs, () => this.poll(), (err) => options.warn?.(`http-b: polling receipts failed: ${(err as Error).message}`));
    this.poller.start();
  }

  get polling(): boolean {
    return this.poller.active;
  }

  get pendingReceipts(): number {
    return this.pending.size;
  }

  async send(sms: OutboundSms): Promise<SubmitResult> {
    const request: OneApiSendRequest = {
      outboundSMSMessageRequest: {
        address: [tel(sms.address)], senderAddress: tel(sms.senderAddress), ...(sms.senderName ? { senderName: sms.senderName } : {}),
        outboundSMSTextMessage: { message: sms.text }, clientCorrelator: sms.deliveryId,
        ...(this.webhook ? { receiptRequest: { notifyURL: this.webhook.notifyUrl, callbackData: httpBCallbackData(this.webhook.key, this.tenant, sms.deliveryId) } } : {}),
      },
    };
    const res = await this.authorized({ method: 'POST', url: this.requestsUrl(sms.senderAddress), json: request, message: sms });
    if (res.status < 200 || res.status > 299) throw failureOf(this.id, res.status, reasonOf(res.body), res.headers['retry-after']);
    const reference = (res.body as { resourceReference?: { resourceURL?: unknown } } | null)?.resourceReference?.resourceURL ?? res.headers.location;
    const providerMessageId = requestIdOf(reference);
    if (!providerMessageId) throw new ProviderUnavailableError(`${this.id}: ${res.status} without a resourceURL`);
    if (this.poller.active) this.track(providerMessageId, { sender: sms.senderAddress, address: sms.address, since: Date.now() });
    return { providerMessageId };
  }

  /** One round of receipt polling over the oldest pending messages. */
  async poll(): Promise<void> {
    let asked = 0;
    for (const [id, entry] of this.pending) {
      if (asked++ >= POLLS_PER_ROUND) return;
      if (Date.now() - entry.since > MAX_PENDING_AGE_MS) {
        this.pending.delete(id);
        continue;
      }
      const res = await this.authorized({ method: 'GET', url: `${this.requestsUrl(entry.sender)}/${encodeURIComponent(id)}/deliveryInfos` });
      if (res.status === 404) {
        this.pending.delete(id);
        continue;
      }
      if (res.status !== 200) throw failureOf(this.id, res.status, reasonOf(res.body), res.headers['retry-after']);
      const infos = (res.body as { deliveryInfoList?: { deliveryInfo?: OneApiDeliveryInfo[] } } | null)?.deliveryInfoList?.deliveryInfo;
      const info = Array.isArray(infos) ? infos.find((i) => untel(String(i?.address)) === entry.address) ?? infos[0] : undefined;
      const status = deliveryStatusOf(info?.deliveryStatus);
      if (!status || status === entry.last) continue;
      await this.sink.receipt({ providerMessageId: id, address: entry.address, status, ...(info?.description ? { reason: String(info.description) } : {}) });
      entry.last = status;
      if (FINAL_STATUSES.includes(status)) this.pending.delete(id);
    }
  }

  async close(): Promise<void> {
    await this.poller.stop();
    await this.http.close();
  }

  private requestsUrl(sender: string): string {
    return `${this.settings.messagingUrl}/outbound/${encodeURIComponent(tel(sender))}/requests`;
  }

  /** The call with a bearer token; on 401 once more with a fresh token. */
  private async authorized(call: ProviderCall): Promise<ProviderResponse> {
    const token = await this.tokens.get();
    const res = await this.http.call({ ...call, headers: { ...call.headers, authorization: `Bearer ${token}` } });
    if (res.status !== 401) return res;
    this.tokens.invalidate(token);
    const fresh = await this.tokens.get();
    return this.http.call({ ...call, headers: { ...call.headers, authorization: `Bearer ${fresh}` } });
  }

  private track(id: string, entry: Pending): void {
    if (this.pending.size >= MAX_PENDING) this.pending.delete(this.pending.keys().next().value as string);
    this.pending.set(id, entry);
  }
}
