import { telAddress } from './provider-form';

/**
 * Sending an SMS and following its delivery (docs/api/sms.md). The platform answers a send with
 * the request's `resourceURL` and has no list of sent requests, so the page keeps the requests it
 * sent in the browser tab's session storage and reads each one's delivery from the platform.
 */

export interface SendForm { to: string; text: string; senderAddress: string; senderName: string }

export interface SendRequest {
  path: string;
  body: { outboundSMSMessageRequest: { address: string[]; senderAddress: string; senderName?: string; outboundSMSTextMessage: { message: string } } };
}

/** The path and body of `POST /service/messaging/smsmessaging/outbound/{senderAddress}/requests`, or what to fix first. */
export function sendRequest(form: SendForm, configuredSender?: string | null): SendRequest | { problems: string[] } {
  const problems: string[] = [];
  const to = telAddress(form.to);
  if (!to) problems.push('Recipient must be an international number such as +4915198765432.');
  const sender = form.senderAddress.trim() ? telAddress(form.senderAddress) : configuredSender || null;
  if (!sender) problems.push(form.senderAddress.trim() ? 'Sender address must be an international number such as +4915112345678.' : 'Enter a sender address: the tenant has none configured.');
  if (!form.text.trim()) problems.push('Enter the message.');
  if (problems.length > 0 || !to || !sender) return { problems };
  const senderName = form.senderName.trim();
  return {
    path: `/service/messaging/smsmessaging/outbound/${encodeURIComponent(sender)}/requests`,
    body: { outboundSMSMessageRequest: { address: [to], senderAddress: sender, ...(senderName ? { senderName } : {}), outboundSMSTextMessage: { message: form.text } } },
  };
}

export interface DeliveryInfo { address: string; deliveryStatus: string; description?: string }

export interface SentMessage { resourceURL: string; to: string; text: string; sentAt: string }

/** Statuses after which a delivery does not change any more. */
const FINAL = new Set(['DeliveredToTerminal', 'DeliveryImpossible', 'DeliveryUncertain']);

/** Whether a message's delivery may still change (not read yet, or some recipient not final): the page refreshes while one is. */
export const isPending = (infos: readonly DeliveryInfo[] | undefined): boolean => !infos || infos.length === 0 || infos.some((i) => !FINAL.has(i.deliveryStatus));

/** The path of a request's `deliveryInfos`, taken from the `resourceURL` the send answered (its host may be the platform's public one). */
export function deliveryInfosPath(resourceURL: string): string {
  return `${new URL(resourceURL, 'http://platform.invalid').pathname.replace(/\/+$/, '')}/deliveryInfos`;
}

/** How many sent messages the page remembers. */
export const SENT_KEPT = 20;

/** The session storage key of one person's sent messages in one tenant. */
export const sentStorageKey = (tenant: string, user: string) => `berth.console.sms.sent/${tenant}/${user}`;

/** Reads the stored list; anything that is not a list of sent messages counts as none. */
export function parseSentLog(text: string | null): SentMessage[] {
  if (!text) return [];
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) ? list.filter(isSentMessage).slice(0, SENT_KEPT) : [];
  } catch {
    return [];
  }
}

/** The list with a new message first, the oldest dropped beyond SENT_KEPT. */
export const withSent = (log: readonly SentMessage[], message: SentMessage): SentMessage[] => [message, ...log.filter((m) => m.resourceURL !== message.resourceURL)].slice(0, SENT_KEPT);

function isSentMessage(value: unknown): value is SentMessage {
  const m = value as SentMessage;
  return typeof m === 'object' && m !== null && typeof m.resourceURL === 'string' && typeof m.to === 'string' && typeof m.text === 'string' && typeof m.sentAt === 'string';
}
