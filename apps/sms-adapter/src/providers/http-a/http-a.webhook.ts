import { headerOf, jsonOf, WebhookInvalidError, WebhookRequest, WebhookUnauthorizedError } from '../http/webhook-request';
import { safeEqual, webhookSignature } from '../http/webhook-signature';
import type { DeliveryReceipt, InboundSms, ProviderSink } from '../sms-provider';
import { deliveryStatusOf, inboundOf, receiptOf } from './http-a.protocol';

export const HTTP_A_SIGNATURE_HEADER = 'x-signature';
export const HTTP_A_TIMESTAMP_HEADER = 'x-timestamp';
/** How far a webhook's timestamp may lie from now: older calls are replays. */
export const HTTP_A_WEBHOOK_TOLERANCE_MS = 5 * 60_000;

/** `ignored`: an authentic receipt whose status (`accepted`) means nothing yet; answer 2xx so the provider does not retry. */
export type HttpAWebhookEvent = { kind: 'inbound'; message: InboundSms } | { kind: 'receipt'; receipt: DeliveryReceipt } | { kind: 'ignored' };

/**
 * Authenticates and reads one webhook call of provider A: `{"type":"inbound","message":{…}}` or
 * `{"type":"receipt","receipt":{…}}`, signed with the tenant's `webhookSecret` as
 * `X-Signature: sha256=<hex HMAC-SHA256 of "<X-Timestamp>.<raw body>">`, X-Timestamp in Unix
 * seconds within five minutes of now. Throws WebhookUnauthorizedError (401) or
 * WebhookInvalidError (422); pure, no I/O.
 */
export function parseHttpAWebhook(req: WebhookRequest, webhookSecret: string | undefined, now = Date.now()): HttpAWebhookEvent {
  if (!webhookSecret) throw new WebhookUnauthorizedError('http-a: the tenant has no webhookSecret configured');
  const signature = headerOf(req, HTTP_A_SIGNATURE_HEADER);
  const timestamp = headerOf(req, HTTP_A_TIMESTAMP_HEADER);
  if (!signature || !timestamp || !/^\d+$/.test(timestamp)) throw new WebhookUnauthorizedError('http-a: X-Signature and X-Timestamp are required');
  if (Math.abs(now - Number(timestamp) * 1000) > HTTP_A_WEBHOOK_TOLERANCE_MS) throw new WebhookUnauthorizedError('http-a: X-Timestamp is too far from now');
  if (!safeEqual(signature, webhookSignature(webhookSecret, timestamp, req.rawBody))) throw new WebhookUnauthorizedError('http-a: the signature does not match');
  const body = jsonOf(req) as { type?: unknown; message?: unknown; receipt?: unknown } | null;
  if (body?.type === 'inbound') {
    const message = inboundOf(body.message);
    if (message) return { kind: 'inbound', message };
  } else if (body?.type === 'receipt') {
    const receipt = receiptOf(body.receipt);
    if (receipt) return { kind: 'receipt', receipt };
    if (body.receipt && deliveryStatusOf((body.receipt as { status?: unknown }).status) === undefined) return { kind: 'ignored' };
  }
  throw new WebhookInvalidError('http-a: the body is not an inbound message or a receipt with all its fields');
}

/** parseHttpAWebhook, then hands the event to the tenant's sink. */
export async function deliverHttpAWebhook(req: WebhookRequest, webhookSecret: string | undefined, sink: ProviderSink, now = Date.now()): Promise<HttpAWebhookEvent> {
  const event = parseHttpAWebhook(req, webhookSecret, now);
  if (event.kind === 'inbound') await sink.inbound(event.message);
  else if (event.kind === 'receipt') await sink.receipt(event.receipt);
  return event;
}
