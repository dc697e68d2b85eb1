import type { DeliveryStatus } from '../sms-provider';

/** Provider B's messaging API: GSMA OneAPI SMS (v3 shapes), bearer tokens from its auth service (docs/sms-http-providers.md). */
export interface OneApiSendRequest {
  outboundSMSMessageRequest: {
    address: string[];
    senderAddress: string;
    senderName?: string;
    outboundSMSTextMessage: { message: string };
    clientCorrelator: string;
    receiptRequest?: { notifyURL: string; callbackData: string };
  };
}

export interface OneApiDeliveryInfo { address: string; deliveryStatus: string; description?: string }

export const DELIVERY_STATUSES: readonly DeliveryStatus[] = ['DeliveredToTerminal', 'DeliveredToNetwork', 'DeliveryUncertain', 'DeliveryImpossible', 'MessageWaiting'];
/** Statuses after which a message's status never changes. */
export const FINAL_STATUSES: readonly DeliveryStatus[] = ['DeliveredToTerminal', 'DeliveryImpossible'];

export function deliveryStatusOf(value: unknown): DeliveryStatus | undefined {
  return DELIVERY_STATUSES.find((s) => s === value);
}

/** `tel:+49…` for an E.164 address, and back. */
export const tel = (address: string) => (address.startsWith('tel:') ? address : `tel:${address}`);
export const untel = (address: string) => address.replace(/^tel:/, '');

/** The request id at the end of a OneAPI resourceURL (`…/requests/<id>`), or undefined. */
export function requestIdOf(resourceURL: unknown): string | undefined {
  if (typeof resourceURL !== 'string') return undefined;
  const match = /\/requests\/([^/?#]+)\/?(?:[?#].*)?$/.exec(resourceURL);
  return match ? decodeURIComponent(match[1]) : undefined;
}

/** The text of a OneAPI `requestError` (`%1`… replaced by its variables), or the answer's text. */
export function reasonOf(body: unknown): string {
  const error = (body as { requestError?: Record<string, { messageId?: unknown; text?: unknown; variables?: unknown }> } | null)?.requestError;
  const exception = error?.serviceException ?? error?.policyException;
  if (exception && typeof exception.text === 'string') {
    const variables = Array.isArray(exception.variables) ? exception.variables.map(String) : [];
    const text = exception.text.replace(/%(\d+)/g, (whole, n) => variables[Number(n) - 1] ?? whole);
    return typeof exception.messageId === 'string' ? `${exception.messageId}: ${text}` : text;
  }
  return typeof body === 'string' ? body : JSON.stringify(body ?? '');
}
