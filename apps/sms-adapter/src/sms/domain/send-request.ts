import { e164Of } from './phone-address';
import { countSegments } from './segments';
import { invalidField } from './sms-errors';

const ROOT = 'outboundSMSMessageRequest';
/** The most recipients one request may name. */
export const MAX_ADDRESSES = 100;
/** The longest value of each optional string field of a send request. */
export const MAX_LENGTHS = { senderName: 64, notifyUrl: 2048, callbackData: 1024, clientCorrelator: 128 } as const;

/** A send request (docs/api/sms.md) after validation; numbers are E.164. */
export interface SendRequest {
  addresses: string[];
  senderAddress: string;
  senderName?: string;
  message: string;
  notifyUrl?: string;
  callbackData?: string;
  clientCorrelator?: string;
}

export interface SendRules {
  /** The sender named in the path, decoded. */
  pathSender: string;
  /** The tenant's `sms.senderAddress` option, if set. */
  tenantSender?: string;
  maxSegments: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function optionalString(v: unknown, field: string, max: number): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' || v.length > max) throw invalidField(field, `must be a string of at most ${max} characters`);
  return v;
}

/**
 * Validates a OneAPI send body against the path's sender and the tenant's configured sender.
 * @throws DomainError 422 `messaging/Unprocessable Entity` naming the first wrong field.
 */
export function parseSendRequest(body: unknown, rules: SendRules): SendRequest {
  if (!isObject(body) || !isObject(body[ROOT])) throw invalidField(ROOT, 'is missing or not an object');
  const r = body[ROOT];
  if (!Array.isArray(r.address) || r.address.length === 0 || r.address.length > MAX_ADDRESSES) {
    throw invalidField(`${ROOT}.address`, `must be a list of 1 to ${MAX_ADDRESSES} tel: addresses`);
  }
  const addresses = r.address.map((a, i) => {
    const n = e164Of(a);
    if (!n) throw invalidField(`${ROOT}.address[${i}]`, 'must be tel: followed by a valid E.164 number (tel:+4915112345678)');
    return n;
  });
  const senderAddress = e164Of(r.senderAddress);
  if (!senderAddress) throw invalidField(`${ROOT}.senderAddress`, 'must be tel: followed by a valid E.164 number');
  const pathSender = e164Of(rules.pathSender.startsWith('tel:') ? rules.pathSender : `tel:${rules.pathSender}`);
  const tenantSender = rules.tenantSender ? e164Of(rules.tenantSender.startsWith('tel:') ? rules.tenantSender : `tel:${rules.tenantSender}`) : undefined;
  if (!pathSender || (pathSender !== senderAddress && pathSender !== tenantSender)) {
    throw invalidField('senderAddress', `in the path (${rules.pathSender}) must equal ${ROOT}.senderAddress or the tenant's sms.senderAddress`);
  }
  const text = isObject(r.outboundSMSTextMessage) ? r.outboundSMSTextMessage.message : undefined;
  if (typeof text !== 'string' || text.length === 0) throw invalidField(`${ROOT}.outboundSMSTextMessage.message`, 'must be a non-empty string');
  const count = countSegments(text);
  if (count.segments > rules.maxSegments) {
    throw invalidField(`${ROOT}.outboundSMSTextMessage.message`, `takes ${count.segments} ${count.encoding} segments; at most ${rules.maxSegments} are allowed`);
  }
  if (r.receiptRequest !== undefined && !isObject(r.receiptRequest)) throw invalidField(`${ROOT}.receiptRequest`, 'must be an object');
  const receipt = isObject(r.receiptRequest) ? r.receiptRequest : {};
  const notifyUrl = optionalString(receipt.notifyUrl, `${ROOT}.receiptRequest.notifyUrl`, MAX_LENGTHS.notifyUrl);
  return {
    addresses, senderAddress, message: text,
    senderName: optionalString(r.senderName, `${ROOT}.senderName`, MAX_LENGTHS.senderName),
    notifyUrl,
    callbackData: optionalString(receipt.callbackData, `${ROOT}.receiptRequest.callbackData`, MAX_LENGTHS.callbackData),
    clientCorrelator: optionalString(r.clientCorrelator, `${ROOT}.clientCorrelator`, MAX_LENGTHS.clientCorrelator),
  };
}
