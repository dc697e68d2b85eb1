import type { InboundDocument } from '../domain/inbound-message';
import { telUri } from '../domain/phone-address';
import type { SmsRequestDocument } from '../domain/sms-request';

const SMS_PATH = '/service/messaging/smsmessaging';

/** The URL of a send request, under the sender it was sent from. */
export function requestUrl(base: string, request: SmsRequestDocument): string {
  return `${base}${SMS_PATH}/outbound/${encodeURIComponent(telUri(request.senderAddress))}/requests/${request._id}`;
}

/** The answer to a send request, the OneAPI resource reference. */
export const resourceReference = (base: string, request: SmsRequestDocument) => ({ resourceReference: { resourceURL: requestUrl(base, request) } });

/** OneAPI deliveryInfoList: one entry per recipient; `description` holds the stored reason of a failed one. */
export function deliveryInfoList(base: string, request: SmsRequestDocument) {
  return {
    deliveryInfoList: {
      deliveryInfo: request.deliveries.map((d) => ({ address: telUri(d.address), deliveryStatus: d.status, ...(d.reason ? { description: d.reason } : {}) })),
      resourceURL: `${requestUrl(base, request)}/deliveryInfos`,
    },
  };
}

/** One received message, as the inbound routes answer it (docs/api/sms.md). */
export function inboundMessage(base: string, m: InboundDocument) {
  const receiver = encodeURIComponent(telUri(m.destinationAddress));
  return {
    inboundSMSMessage: {
      dateTime: m.dateTime, destinationAddress: telUri(m.destinationAddress), messageId: m._id, message: m.message,
      resourceURL: `${base}${SMS_PATH}/inbound/registrations/${receiver}/messages/${m._id}`, senderAddress: telUri(m.senderAddress),
    },
  };
}
