import type { Json } from '@berth/openapi';

const str = { type: 'string' };
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The SMS interface's resources (OneAPI shapes) in the OpenAPI document, by name (see `@ApiRoute`). */
export const SMS_SCHEMAS: Json = {
  outboundMessageRequest: {
    type: 'object', required: ['outboundSMSMessageRequest'],
    properties: {
      outboundSMSMessageRequest: {
        type: 'object', required: ['address', 'senderAddress', 'outboundSMSTextMessage'],
        properties: {
          address: { type: 'array', items: str, description: '`tel:` URIs of the recipients' }, senderAddress: str, senderName: str,
          outboundSMSTextMessage: { type: 'object', required: ['message'], properties: { message: str } },
          receiptRequest: { type: 'object', properties: { notifyURL: str, callbackData: str } },
        },
      },
    },
  },
  resourceReference: { type: 'object', required: ['resourceReference'], properties: { resourceReference: { type: 'object', required: ['resourceURL'], properties: { resourceURL: str } } } },
  deliveryInfoList: {
    type: 'object', required: ['deliveryInfoList'],
    properties: {
      deliveryInfoList: {
        type: 'object', required: ['deliveryInfo', 'resourceURL'],
        properties: {
          resourceURL: str,
          deliveryInfo: { type: 'array', items: { type: 'object', required: ['address', 'deliveryStatus'], properties: { address: str, deliveryStatus: str, description: str } } },
        },
      },
    },
  },
  inboundMessage: {
    type: 'object', required: ['inboundSMSMessage'],
    properties: {
      inboundSMSMessage: {
        type: 'object', required: ['messageId', 'message', 'resourceURL'],
        properties: { dateTime: str, destinationAddress: str, messageId: str, message: str, resourceURL: str, senderAddress: str },
      },
    },
  },
  inboundMessageList: { type: 'object', required: ['inboundSMSMessageList'], properties: { inboundSMSMessageList: { type: 'array', items: ref('inboundMessage') } } },
  providerDefinitions: { type: 'object', required: ['definitions'], properties: { definitions: { type: 'array', items: { type: 'object' } } } },
  providerWebhook: { type: 'object', description: 'What the provider pushes (inbound message or receipt), in its own format, signed by it' },
  providerConfiguration: { type: 'object', description: 'The chosen provider and its settings; secrets are never shown' },
};
