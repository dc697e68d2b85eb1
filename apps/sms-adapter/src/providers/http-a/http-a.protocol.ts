import type { DeliveryReceipt, DeliveryStatus, InboundSms } from '../sms-provider';

/**
 * Provider A's wire format: a REST gateway with Basic auth (docs/sms-http-providers.md).
 * Addresses are E.164 with a leading `+`; ids are the gateway's, opaque and ordered by arrival.
 */
export interface HttpASubmit {
  from: string;
  to: string;
  text: string;
  /** Berth's delivery id; the gateway answers a repeated reference with the first message's id. */
  reference: string;
  senderName?: string;
}

export type HttpAStatus = 'accepted' | 'sent' | 'buffered' | 'delivered' | 'failed' | 'expired' | 'rejected';

export interface HttpAInbound { id: string; from: string; to: string; text: string; receivedAt: string }
export interface HttpAReceipt { id: string; messageId: string; to: string; status: HttpAStatus; error?: string }

const STATUS: Record<HttpAStatus, DeliveryStatus | undefined> = {
  accepted: undefined,
  sent: 'DeliveredToNetwork',
  buffered: 'MessageWaiting',
  delivered: 'DeliveredToTerminal',
  failed: 'DeliveryImpossible',
  expired: 'DeliveryImpossible',
  rejected: 'DeliveryImpossible',
};

/** The OneAPI status of one of A's statuses; an unknown one is DeliveryUncertain. */
export function deliveryStatusOf(status: unknown): DeliveryStatus | undefined {
  return typeof status === 'string' && status in STATUS ? STATUS[status as HttpAStatus] : 'DeliveryUncertain';
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/** An inbound item of A as Berth's InboundSms, or undefined when a field is missing. */
export function inboundOf(item: unknown): InboundSms | undefined {
  const m = item as Partial<HttpAInbound> | null;
  if (!m || !isText(m.id) || !isText(m.from) || !isText(m.to) || typeof m.text !== 'string' || !isText(m.receivedAt)) return undefined;
  const at = new Date(m.receivedAt);
  if (Number.isNaN(at.getTime())) return undefined;
  return { providerMessageId: m.id, senderAddress: m.from, destinationAddress: m.to, message: m.text, dateTime: at.toISOString() };
}

/** A receipt item of A as Berth's DeliveryReceipt, or undefined when a field is missing or it carries no final or network status. */
export function receiptOf(item: unknown): DeliveryReceipt | undefined {
  const r = item as Partial<HttpAReceipt> | null;
  if (!r || !isText(r.messageId) || !isText(r.to)) return undefined;
  const status = deliveryStatusOf(r.status);
  if (!status) return undefined;
  return { providerMessageId: r.messageId, address: r.to, status, ...(isText(r.error) ? { reason: r.error } : {}) };
}

/** The reason in A's error answer `{error:{code,message}}`, or the text of any other answer. */
export function reasonOf(body: unknown): string {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (error && typeof error.message === 'string') return typeof error.code === 'string' ? `${error.code}: ${error.message}` : error.message;
  return typeof body === 'string' ? body : JSON.stringify(body ?? '');
}
